#!/usr/bin/env bash
# The AVX-512 path stays in its object: that object holds AVX-512
# instructions and exports nothing but ffft::cpu::avx512's entry points and
# its 512-bit lane arithmetic (lane_butterfly_arithmetic<64, R, E>, which
# only code built for AVX-512 names: ffft_butterfly_rate times it), and no
# other object of libffft has a single AVX-512 instruction (which an
# AVX2-only CPU would die of).
# Usage: check_path_objects.sh AVX512_OBJECT FILE_LISTING_THE_OTHER_OBJECTS
set -euo pipefail
avx512=$1 others=$2
fail() { echo "cpu path objects: $*" >&2; exit 1; }
# zmm registers, mask registers k1-k7, or the EVEX-only xmm/ymm 16-31.
evex='%zmm|%k[1-7]|%[xy]mm(1[6-9]|2[0-9]|3[01])'

count=$(objdump -d --no-show-raw-insn "$avx512" | grep -cE "$evex" || true)
((count > 0)) || fail "$avx512 has no AVX-512 instruction: was it compiled for AVX-512?"
# Global code symbols: only the entry points and the lane arithmetic. Data may stay global, as
# objcopy leaves GNU unique symbols: libstdc++'s read-only tables, and each
# format's thread-local tile buffers (TLS, named for the path's lane width,
# so no other object defines them). Their ELF types say which is which:
# nm shows a weak TLS variable as W, as it does a weak function.
exported=$(readelf -sW "$avx512" |
           awk '$5 != "LOCAL" && $7 != "UND" && $7 != "Ndx" && $4 != "OBJECT" && $4 != "TLS" &&
                $4 != "FILE" && $4 != "SECTION" && NF >= 8 {print $8}' |
           grep -vE '^(_ZN4ffft3cpu6avx512|_ZN4ffft3fft25lane_butterfly_arithmeticILi64E)' || true)
[[ -z $exported ]] || fail "$avx512 exports code besides its entry points and lane arithmetic: $exported"
entries=$(nm -g --defined-only "$avx512" | grep -c '_ZN4ffft3cpu6avx512' || true)
# stockham_pass and stockham_group for each of the 3 formats, and
# stockham_two_passes for the 2 that fuse (src/cpu/fused_passes.hpp).
((entries == 8)) || fail "$avx512 exports $entries entry points, not 8 (stockham_pass and stockham_group for each format, stockham_two_passes for df64 and dd128)"

checked=0
while read -r object; do
  [[ -n $object ]] || continue
  hits=$(objdump -d --no-show-raw-insn "$object" | grep -E "$evex" | head -3 || true)
  [[ -z $hits ]] || fail "$object has AVX-512 instructions outside the AVX-512 path: $hits"
  checked=$((checked + 1))
done < "$others"
((checked > 5)) || fail "only $checked objects listed in $others"
echo "AVX-512: $count instructions in $(basename "$avx512"), 8 entry points exported; none in $checked other objects"
