// mpirun -np P ffft fft IN OUT / ffft ifft IN OUT: one transform spread over
// P processes (cli/distributed_support.hpp). The same formats, scaling and
// checks as the one-process command; each rank reads and writes only its
// part of the files (MPI-IO), and the output appears only when every rank
// has written its part: rank 0 renames the temporary file after the
// collective close, or removes it if any rank failed.
//
// Every step that can fail is agreed among the ranks (agree below): all of
// them throw the same error, which rank 0 alone prints, so no rank is left
// waiting in a collective call and the user reads one message.
#include <mpi.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/distributed_support.hpp"
#include "cli/element_values.hpp"
#include "cli/errors.hpp"
#include "cli/input_file.hpp"
#include "cli/output_file.hpp"
#include "cli/output_writer.hpp"
#include "cli/report.hpp"
#include "cli/signal_scan.hpp"
#include "cli/transform_shape.hpp"
#include "cli/working_precision.hpp"
#include "ffft/distributed_plan.hpp"

namespace ffft::cli {

namespace {

// MPI for the command's duration. An error leaves through here on every
// rank; MPI_Finalize runs on the way out.
struct mpi_session {
  int rank = 0, ranks = 1;
  mpi_session() {
    MPI_Init(nullptr, nullptr);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  }
  ~mpi_session() { MPI_Finalize(); }
  mpi_session(const mpi_session&) = delete;
  mpi_session& operator=(const mpi_session&) = delete;
};

// Runs step on every rank; if it threw on any, every rank throws the lowest
// failing rank's error (an input_error stays one, anything else becomes a
// runtime_error with the same text).
void agree(const std::function<void()>& step) {
  int kind = 0;  // 0 ok, 1 failure, 2 input error
  std::string message;
  try {
    step();
  } catch (const input_error& e) {
    kind = 2;
    message = e.what();
  } catch (const std::exception& e) {
    kind = 1;
    message = e.what();
  }
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int mine = kind != 0 ? rank : INT_MAX;
  int first = INT_MAX;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == INT_MAX) return;
  int header[2] = {kind, static_cast<int>(message.size())};
  MPI_Bcast(header, 2, MPI_INT, first, MPI_COMM_WORLD);
  message.resize(static_cast<std::size_t>(header[1]));
  MPI_Bcast(message.data(), header[1], MPI_CHAR, first, MPI_COMM_WORLD);
  if (header[0] == 2) throw input_error(message);
  throw std::runtime_error(message);
}

// One element of `bytes` bytes, for reading and writing parts of files.
struct element_datatype {
  MPI_Datatype type;
  explicit element_datatype(std::size_t bytes) {
    MPI_Type_contiguous(static_cast<int>(bytes), MPI_BYTE, &type);
    MPI_Type_commit(&type);
  }
  ~element_datatype() { MPI_Type_free(&type); }
};

void check_mpi(int status, const std::string& what) {
  if (status == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  throw std::runtime_error(what + ": " + std::string(text, static_cast<std::size_t>(length)));
}

// This rank's part of every rank's scan, merged: the first non-finite value
// by global index, the exponent range over all.
signal_scan merged_scan(const signal_scan& local, std::uint64_t offset) {
  unsigned long long first = local.first_nonfinite ? offset + *local.first_nonfinite : ULLONG_MAX, all_first = 0;
  MPI_Allreduce(&first, &all_first, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
  int nan = local.first_nonfinite && offset + *local.first_nonfinite == all_first && local.first_nonfinite_is_nan;
  int any_nan = 0, nonzero = local.any_nonzero, any_nonzero = 0;
  MPI_Allreduce(&nan, &any_nan, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&nonzero, &any_nonzero, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  int max_e = local.any_nonzero ? local.max_exponent : INT_MIN, min_e = local.any_nonzero ? local.min_exponent : INT_MAX;
  int all_max = 0, all_min = 0;
  MPI_Allreduce(&max_e, &all_max, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&min_e, &all_min, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  signal_scan s;
  if (all_first != ULLONG_MAX) s.first_nonfinite = all_first;
  s.first_nonfinite_is_nan = any_nan != 0;
  s.any_nonzero = any_nonzero != 0;
  if (s.any_nonzero) {
    s.max_exponent = all_max;
    s.min_exponent = all_min;
  }
  return s;
}

}  // namespace

int run_distributed_transform(const transform_command& c) {
  mpi_session mpi;
  try {
    const transform_settings& s = c.settings;
    const char* verb = c.dir == direction::forward ? "fft" : "ifft";
    std::optional<input_file> in;
    std::optional<transform_shape> shape;
    std::optional<output_target> target;
    agree([&] {
      if (s.device == "cuda")
        throw input_error("a transform across " + std::to_string(mpi.ranks) +
                          " processes runs on the CPU; drop --device cuda, or run one process");
      in.emplace(c.input, s.in_format);
      // Each process reads its part of the file's bytes with MPI-IO, which
      // an encoded recording does not hold as values.
      if (in->layout().audio)
        throw input_error(in->path() + " is an audio file; across processes ffft reads .npy and raw files: "
                          "run it without mpirun, or convert it to .npy");
      shape = resolve_transform_shape(in->layout(), in->path(), s.length, s.batch);
      if (shape->batch != 1)
        throw input_error(in->path() + " holds " + std::to_string(shape->batch) + " transforms of length " +
                          std::to_string(shape->length) +
                          "; across processes ffft transforms one at a time: run it without mpirun, or "
                          "give one transform per file");
      target = resolve_output_target(c.output, c.out_format, complex_counterpart(in->format()));
      require_result_kind(*target, false, std::string(verb) + "'s results");
      const input_file* inputs[] = {&*in};
      if (mpi.rank == 0) check_output_path(c.output, c.force, inputs);
    });
    const std::uint64_t n = shape->length;
    const distributed_layout layout = make_distributed_layout(n, mpi.ranks, mpi.rank);
    const local_block in_block = c.dir == direction::forward ? layout.time : layout.frequency;
    const local_block out_block = c.dir == direction::forward ? layout.frequency : layout.time;

    // My part of IN, with MPI-IO.
    const std::size_t in_bytes = element_bytes(in->format());
    std::vector<unsigned char> raw(in_block.count * in_bytes);
    agree([&] {
      MPI_File file;
      check_mpi(MPI_File_open(MPI_COMM_WORLD, in->path().c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &file),
                "cannot open " + in->path() + " with MPI-IO");
      const element_datatype element(in_bytes);
      MPI_Status status;
      const int read = MPI_File_read_at_all(
          file, static_cast<MPI_Offset>(in->layout().data_offset + in_block.offset * in_bytes), raw.data(),
          static_cast<int>(in_block.count), element.type, &status);
      MPI_File_close(&file);
      check_mpi(read, "reading " + in->path());
    });

    const signal_scan scan = merged_scan(scan_signal(in->format(), raw.data(), in_block.count), in_block.offset);
    int k = 0;
    agree([&] {
      if (!s.allow_nonfinite) refuse_nonfinite(scan, in->path(), n);
      k = scale_exponent(scan, c.precision, n, in->path());
    });

    double seconds = 0;
    std::vector<unsigned char> encoded;
    const std::size_t out_bytes = element_bytes(target->format);
    visit_precision(c.precision, [&](auto tag) {
      using E = decltype(tag);
      distributed_options o;
      o.length = n;
      o.norm = s.norm;
      o.twiddles = s.twiddles;
      distributed_plan<E> p(MPI_COMM_WORLD, o);
      aligned_vector<complex<E>> x(in_block.count), y(out_block.count);
      visit_element_type(in->format(), [&](auto in_tag) {
        using T = decltype(in_tag);
        for (std::uint64_t j = 0; j < in_block.count; ++j) x[j] = to_working<E>(load_element<T>(raw.data(), j), k);
      });
      MPI_Barrier(MPI_COMM_WORLD);
      const auto t0 = std::chrono::steady_clock::now();
      p.execute(c.dir, x.data(), y.data());
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      encoded.resize(out_block.count * out_bytes);
      agree([&] {
        visit_element_type(target->format, [&](auto out_tag) {
          using T = decltype(out_tag);
          for (std::uint64_t j = 0; j < out_block.count; ++j) {
            const T v = from_working<T>(y[j], k);
            if (!s.allow_nonfinite && !all_limbs_finite(v))
              throw input_error("the result at index " + std::to_string(out_block.offset + j) + " does not fit " +
                                std::string(format_name(target->format)) +
                                " (it overflows); write a wider format (--out-format c128 or dd128)");
            store_element(v, encoded.data(), j);
          }
        });
      });
    });

    // OUT: rank 0 makes the temporary file and writes the .npy header; all
    // write their parts into it; rank 0 renames it once all have closed it.
    std::optional<atomic_output> out;
    std::string temporary;
    std::uint64_t header_bytes = 0;
    agree([&] {
      if (mpi.rank != 0) return;
      out.emplace(target->path);
      if (target->npy) {
        const std::string header = make_npy_header(target->format, shape->npy_shape);
        out->write(header);
        header_bytes = header.size();
      }
      temporary = out->temporary_path();
    });
    unsigned long long header = header_bytes;
    MPI_Bcast(&header, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    int temporary_length = static_cast<int>(temporary.size());
    MPI_Bcast(&temporary_length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    temporary.resize(static_cast<std::size_t>(temporary_length));
    MPI_Bcast(temporary.data(), temporary_length, MPI_CHAR, 0, MPI_COMM_WORLD);
    agree([&] {
      MPI_File file;
      check_mpi(MPI_File_open(MPI_COMM_WORLD, temporary.c_str(), MPI_MODE_WRONLY, MPI_INFO_NULL, &file),
                "cannot open the output's temporary file " + temporary + " with MPI-IO");
      const element_datatype element(out_bytes);
      MPI_Status status;
      const int wrote = MPI_File_write_at_all(file, static_cast<MPI_Offset>(header + out_block.offset * out_bytes),
                                              encoded.data(), static_cast<int>(out_block.count), element.type,
                                              &status);
      const int closed = MPI_File_close(&file);
      check_mpi(wrote, "writing " + c.output);
      check_mpi(closed, "closing " + c.output);
    });
    agree([&] {
      if (mpi.rank == 0) out->commit();
    });

    if (mpi.rank == 0) {
      if (s.json) {
        nlohmann::json j{{"command", verb},
                         {"input", in->path()},
                         {"input_format", format_name(in->format())},
                         {"output", c.output},
                         {"output_format", format_name(target->format)},
                         {"output_npy", target->npy},
                         {"length", n},
                         {"batch", 1},
                         {"precision", format_name(c.precision)},
                         {"device", "cpu"},
                         {"ranks", mpi.ranks},
                         {"mpi", mpi_library_version()},
                         {"norm", norm_name(s.norm)},
                         {"twiddles", twiddles_name(s.twiddles)},
                         {"scale_exponent", k},
                         {"seconds", seconds}};
        std::cout << j.dump(2) << '\n';
      } else {
        std::printf("ffft: wrote %s: %s of %llu values in %s on %d processes (%.3g s)\n", c.output.c_str(), verb,
                    static_cast<unsigned long long>(n), std::string(format_name(c.precision)).c_str(), mpi.ranks,
                    seconds);
      }
    }
    return exit_success;
  } catch (const std::exception& e) {
    // Every rank has the same error (agree). Rank 0 prints it, and no rank
    // leaves before it is out: mpirun stops the job when a rank exits
    // non-zero, and could otherwise stop rank 0 before its line.
    const int status = mpi.rank == 0 ? report_error(e) : exit_status_of(e);
    MPI_Barrier(MPI_COMM_WORLD);
    return status;
  }
}

}  // namespace ffft::cli
