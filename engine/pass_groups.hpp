// How an executor with a fast memory of `tile_points` values per worker
// (a CUDA block's shared memory) groups the Stockham passes
// (stockham_group.hpp): consecutive passes whose product of radices fits,
// in the fewest groups, and among groupings with that many, the one whose
// shortest group is longest.
//
// Why balanced: every group reads and writes all the data once, whatever
// its length, so the fewest groups move the fewest bytes; but a short group
// has little arithmetic to hide its memory traffic behind. Greedy grouping
// left such a group at the end: 2^20's lone radix-4 pass ([8 8 8][8 8 8][4]
// in 512-point groups) ran at about a quarter of the DRAM bandwidth and
// took 12-25% of the transform's time in every format (ncu, H200), for one
// of its seven passes. Balanced, the same 512-point bound gives
// [8 8][8 8][8 8 4].
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ffft/fft/stockham_group.hpp"
#include "ffft/fft/tile_layout.hpp"

namespace ffft::fft {

// The group's precomputed divisors (stockham_group.hpp): R always; L M, M
// and L when L M < 2^32, the only case in which a launch uses them.
inline void set_divisors(pass_group& g) {
  g.by_radix = divisor32::of(g.radix);
  if (g.l * g.m < (std::uint64_t{1} << 32)) {
    g.by_lm = divisor32::of(static_cast<std::uint32_t>(g.l * g.m));
    g.by_m = divisor32::of(static_cast<std::uint32_t>(g.m));
    g.by_l = divisor32::of(static_cast<std::uint32_t>(g.l));
  }
}

// Which of the groupings that tie on the balance rule (the same number of
// groups, the same shortest one) group_passes takes. The CUDA executor's
// earlier groups longer keeps a grouping that greedy already balances as
// greedy makes it. The CPU's later groups longer: its last group (M = 1)
// reads and writes whole columns of consecutive values, the cheapest tiles
// it has, and its first groups' tiles have the fewest rows M apart
// (cache_blocking.hpp gives the measurements).
enum class group_ties { earlier_longer, later_longer };

namespace detail {

// The groups' boundaries: the fewest groups of passes [first, passes.size())
// whose radix products are at most max_radix, and among those the grouping
// whose shortest group is longest, ties broken as `ties` says.
class group_boundaries {
 public:
  group_boundaries(const std::vector<pass_shape>& passes, std::uint32_t max_radix, group_ties ties)
      : passes_(passes), max_radix_(max_radix), later_longer_(ties == group_ties::later_longer) {
    fewest_.assign(passes.size() + 1, 0);
    for (std::size_t first = passes.size(); first-- > 0;) fewest_[first] = 1 + fewest_[longest_end(first)];
    stride_ = static_cast<std::size_t>(fewest_[0]) + 1;
    memo_.assign((passes.size() + 1) * stride_, {0, 0});
  }

  // The end of each group, in order.
  std::vector<std::size_t> ends() const {
    std::vector<std::size_t> ends;
    for (std::size_t first = 0; first < passes_.size();) {
      first = best(first, fewest_[first]).second;
      ends.push_back(first);
    }
    return ends;
  }

 private:
  const std::vector<pass_shape>& passes_;
  std::uint32_t max_radix_;
  bool later_longer_;
  std::vector<int> fewest_;  // groups the passes from each index need at least
  std::size_t stride_ = 0;
  mutable std::vector<std::pair<std::uint64_t, std::size_t>> memo_;  // best(first, groups); end 0: not yet

  // The end of the longest group from `first` within the bounds.
  std::size_t longest_end(std::size_t first) const {
    std::size_t end = first;
    std::uint64_t radix = 1;
    while (end < passes_.size() && end - first < max_group_passes &&
           radix * static_cast<std::uint64_t>(passes_[end].radix) <= max_radix_)
      radix *= static_cast<std::uint64_t>(passes_[end++].radix);
    return end;
  }

  // The longest shortest group of `groups` groups over the passes from
  // `first` (fewest_[first] <= groups <= passes left), and the end of the
  // first group that reaches it. At most 63 passes (any 64-bit length), and
  // each (first, groups) is solved once.
  std::pair<std::uint64_t, std::size_t> best(std::size_t first, int groups) const {
    if (groups == 1) return {product(first, passes_.size()), passes_.size()};
    std::pair<std::uint64_t, std::size_t>& found = memo_[first * stride_ + static_cast<std::size_t>(groups)];
    if (found.second != 0) return found;
    for (std::size_t end = longest_end(first); end > first; --end) {
      if (fewest_[end] > groups - 1 || passes_.size() - end < static_cast<std::size_t>(groups - 1)) continue;
      const std::uint64_t shortest = std::min(product(first, end), best(end, groups - 1).first);
      // The ends are tried from the longest first group down: a tie keeps
      // the longer first group, or takes the shorter one.
      if (shortest > found.first || (later_longer_ && shortest == found.first)) found = {shortest, end};
    }
    return found;
  }

  std::uint64_t product(std::size_t first, std::size_t end) const {
    std::uint64_t radix = 1;
    for (std::size_t j = first; j < end; ++j) radix *= static_cast<std::uint64_t>(passes_[j].radix);
    return radix;
  }
};

}  // namespace detail

// max_radix bounds each group's product of radices (at least 8). offsets are
// the passes' twiddle array offsets (stockham_tables::offsets).
inline std::vector<pass_group> group_passes(const std::vector<pass_shape>& passes,
                                            const std::vector<std::uint64_t>& offsets,
                                            std::uint32_t max_radix,
                                            group_ties ties = group_ties::earlier_longer) {
  if (max_radix < 8) throw std::logic_error("ffft: group_passes needs room for a radix-8 pass");
  std::vector<pass_group> groups;
  if (passes.empty()) {  // n = 1: one empty group copies (and scales)
    pass_group copy{};
    copy.l = copy.m = 1;
    copy.radix = 1;
    set_divisors(copy);
    groups.push_back(copy);
    return groups;
  }
  std::size_t first = 0;
  for (std::size_t end : detail::group_boundaries(passes, max_radix, ties).ends()) {
    pass_group g{};
    g.l = passes[first].l;
    g.m = passes[end - 1].m;
    g.radix = 1;
    g.count = static_cast<int>(end - first);
    for (std::size_t j = first; j < end; ++j) g.radix *= static_cast<std::uint32_t>(passes[j].radix);
    std::uint32_t l = 1;
    for (std::size_t j = first; j < end; ++j) {
      const auto r = static_cast<std::uint32_t>(passes[j].radix);
      const std::uint32_t m = g.radix / (l * r);
      g.passes[j - first] = local_pass{passes[j].radix, l, m, offsets[j], divisor32::of(m)};
      l *= r;
    }
    set_divisors(g);
    groups.push_back(g);
    first = end;
  }
  return groups;
}

// Columns per tile for a group on tiles of tile_points values: as many whole
// columns as fit, but no more than there are; for 16-byte values, odd where
// the load phase would otherwise conflict in shared memory.
//
// Why odd: a tile holds column c's element q at entry c + width q. In a
// group with M = 1 a column's elements are consecutive in slow memory, so
// the load phase gives consecutive threads consecutive q of one column
// (coalesced reads), and they write entries width apart. With 16-byte
// values in a plain array (tile_layout.hpp) and width a multiple of 8, all
// of them fall in one bank slot, and a warp's stores serialize 8 ways; with
// an odd width, 8 consecutive q cover the 8 slots. One column fewer per
// tile costs nothing else: the index arithmetic divides by the width through
// precomputed divisors whatever it is. Left even where the tile holds all
// the columns (an odd width would add a tile of one column) and below 8
// columns: a tile of 3 columns where 4 fit leaves a quarter of its shared
// memory unused, and its block has 6 warps instead of 8 while the SM still
// holds as many blocks as before (shared memory decides), which cost more
// than the conflicts saved (on an H200, df64 at 2^18 went from
// 6.09 to 6.33 ms when its tiles went from 4 columns to 3, while every
// other length got 3-5% faster). The 32-byte formats' swizzled planes spread
// power-of-two widths already, and odd ones would undo that.
template <class E>
std::uint32_t tile_width(const pass_group& g, std::uint32_t tile_points, std::uint64_t columns) {
  auto width = static_cast<std::uint32_t>(std::min<std::uint64_t>(tile_points / g.radix, columns));
  if (!split_tile_planes<E> && g.m == 1 && width >= 8 && width % 2 == 0 && columns > width) --width;
  return width;
}

// Butterflies in the group's widest pass on a tile of `width` columns: the
// threads a block needs so that no thread idles in any butterfly phase, and
// none has two butterflies in the same phase. A group of radix-8 passes needs
// width R / 8, not the width R / 2 a radix-2 pass would (1 for an empty group).
inline std::uint32_t widest_pass_butterflies(const pass_group& g, std::uint32_t width) {
  std::uint32_t widest = 1;
  for (int j = 0; j < g.count; ++j)
    widest = std::max(widest, width * (g.radix / static_cast<std::uint32_t>(g.passes[j].radix)));
  return widest;
}

}  // namespace ffft::fft
