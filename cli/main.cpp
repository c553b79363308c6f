// The `ffft` program: argument parsing and the exit-status contract
// (docs/cli.md). Each command is in its own command_*.cpp.
#include <charconv>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/distributed_support.hpp"
#include "cli/errors.hpp"
#include "cli/options.hpp"
#include "ffft/cpu_isa.hpp"
#include "ffft/names.hpp"
#include "ffft/version.hpp"

namespace {

using namespace ffft::cli;

// CLI11 converts "-5" to an unsigned option by wrapping it around, and
// saturates numbers beyond 2^64; refuse both with the number as typed.
const CLI::Validator non_negative(
    [](const std::string& text) {
      std::uint64_t value = 0;
      const char* end = text.data() + text.size();
      const auto [stop, error] = std::from_chars(text.data(), end, value);
      if (!text.empty() && text.front() == '-') return text + " is negative; give a non-negative integer";
      if (error == std::errc::result_out_of_range) return text + " is too large; give an integer below 2^64";
      if (error != std::errc() || stop != end) return text + " is not an integer; give a non-negative integer";
      return std::string();
    },
    "NONNEGATIVE");

// Format names are checked after parsing, so the message can list the
// choices the same way everywhere.
struct format_option {
  std::string text;
  std::optional<element_format> value(const char* option) const {
    if (text.empty()) return std::nullopt;
    if (auto f = parse_format_name(text)) return f;
    throw input_error(std::string(option) + " " + text + ": unknown format '" + text + "'; choose " +
                      std::string(format_choices()));
  }
};

element_format precision_of(const std::string& text) {
  const auto f = parse_format_name(text);
  if (!f || !is_native(*f))
    throw input_error("--precision " + text + ": unknown precision '" + text + "'; choose " +
                      std::string(ffft::format_choices));
  return *f;
}

struct settings_options {
  transform_settings settings;
  std::uint64_t length = 0, batch = 0;
  std::string norm = "backward", twiddles = "table";
  format_option in_format;
  CLI::Option* length_option = nullptr;
  CLI::Option* batch_option = nullptr;
  std::vector<int> axes;
  CLI::Option* axes_option = nullptr;

  void add_to(CLI::App& app) {
    length_option = app.add_option("-n,--length", length, "Transform length (default: the whole file, or a .npy's last axis)")
                        ->check(non_negative);
    batch_option = app.add_option("--batch", batch, "Number of transforms; batch x length must be the element count")
                       ->check(non_negative);
    axes_option = app.add_option("--axes", axes,
                                 "Transform a .npy array along these axes, as numpy's fftn (--axes 0,1 or "
                                 "--axes=-2,-1; the last listed is rfft's halved axis)")
                      ->delimiter(',')
                      ->allow_extra_args(false);
    app.add_option("--norm", norm, "Normalization, as numpy.fft: backward (1/N on the inverse), ortho, forward")
        ->check(CLI::IsMember({"backward", "ortho", "forward"}));
    app.add_option("--twiddles", twiddles,
                   "Twiddle factors: table (correctly rounded, MPFR), computed (products of sincos factors) "
                   "or direct (a sincos per twiddle)")
        ->check(CLI::IsMember({"table", "computed", "direct"}));
    app.add_option("--device", settings.device, "auto (CUDA if present, else CPU), cpu or cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    app.add_option("--in-format", in_format.text, "Input format of a raw file: c64, c128, df64, qf128, dd128");
    app.add_flag("--allow-nonfinite", settings.allow_nonfinite, "Accept NaN and infinity in the input");
    app.add_flag("--json", settings.json, "Print the result as JSON");
  }

  transform_settings resolve() {
    if (*length_option) settings.length = length;
    if (*batch_option) settings.batch = batch;
    if (*axes_option) settings.axes = axes;
    settings.norm = *ffft::normalization_named(norm);  // add_to checked the names
    settings.twiddles = *ffft::twiddle_mode_named(twiddles);
    settings.in_format = in_format.value("--in-format");
    return settings;
  }
};

int run(int argc, char** argv) {
  CLI::App app{"ffft: extended-precision FFTs and convolutions of files of samples (df64, qf128, dd128)", "ffft"};
  app.require_subcommand(1);
  app.footer("Example:\n  ffft gen random x.c128 -n 1048576 && ffft roundtrip x.c128\n"
             "Run 'ffft COMMAND --help' for a command's options; docs/cli.md has the details.");
  app.set_version_flag("--version", std::string("ffft ") + ffft::version());

  // fft and ifft.
  transform_command forward, inverse;
  settings_options forward_settings, inverse_settings;
  std::string forward_precision = "df64", inverse_precision = "df64";
  format_option forward_out, inverse_out;
  auto add_transform = [&](const char* name, const char* what, const char* example, std::string& input,
                           std::string& output, bool& force, settings_options& s, std::string& precision,
                           format_option& out) {
    CLI::App* sub = app.add_subcommand(name, what);
    sub->add_option("IN", input, "Input file (raw or .npy)")->required();
    sub->add_option("OUT", output, "Output file (.npy or raw; written atomically)")->required();
    sub->add_option("-p,--precision", precision, "Working precision: df64, qf128 or dd128");
    s.add_to(*sub);
    sub->add_option("--out-format", out.text,
                    "Output format (default: OUT's extension, else IN's format, complex or real as the results)");
    sub->add_flag("--force", force, "Replace an existing OUT");
    sub->footer(example);
    return sub;
  };
  CLI::App* fft = add_transform("fft", "Forward transform: X_k = sum_j x_j exp(-2 pi i jk/N)",
                                "Example:\n  ffft fft x.npy X.npy -p qf128       # X[..., k] along the last axis",
                                forward.input, forward.output, forward.force, forward_settings, forward_precision,
                                forward_out);
  CLI::App* ifft = add_transform("ifft", "Inverse transform: x_j = sum_k X_k exp(+2 pi i jk/N) / N",
                                 "Example:\n  ffft ifft X.dd128 x.c128 -p dd128 --norm ortho", inverse.input,
                                 inverse.output, inverse.force, inverse_settings, inverse_precision, inverse_out);

  // rfft and irfft.
  real_transform_command real_forward, real_inverse;
  settings_options real_forward_settings, real_inverse_settings;
  std::string real_forward_precision = "df64", real_inverse_precision = "df64";
  format_option real_forward_out, real_inverse_out;
  CLI::App* rfft = add_transform(
      "rfft", "Transform of real data (numpy.fft.rfft): the bins X_0 .. X_(N/2) of each transform",
      "Example:\n  ffft rfft x.npy X.npy -p dd128       # float64 x -> complex128 X[..., :N/2+1]",
      real_forward.input, real_forward.output, real_forward.force, real_forward_settings, real_forward_precision,
      real_forward_out);
  CLI::App* irfft = add_transform(
      "irfft", "Inverse of rfft (numpy.fft.irfft): N real values from N/2 + 1 bins; -n N (default 2(m - 1))",
      "Example:\n  ffft irfft X.npy x.npy -n 4097 -p dd128   # odd lengths need -n", real_inverse.input,
      real_inverse.output, real_inverse.force, real_inverse_settings, real_inverse_precision, real_inverse_out);

  // convolve.
  convolve_command conv;
  std::string conv_precision = "df64", conv_twiddles = "table";
  std::uint64_t conv_batch = 0;
  format_option conv_in_format, conv_out_format;
  CLI::App* cv = app.add_subcommand("convolve", "Convolve each signal of A (its last axis) with the kernel B");
  cv->add_option("A", conv.signal, "The signals (raw or .npy; other axes are a batch)")->required();
  cv->add_option("B", conv.kernel, "The kernel (all of its values)")->required();
  cv->add_option("OUT", conv.output, "Output file (.npy or raw; written atomically)")->required();
  cv->add_option("--mode", conv.mode, "As scipy.signal.fftconvolve: full, same, valid; or circular (length of A)")
      ->check(CLI::IsMember({"full", "same", "valid", "circular"}));
  cv->add_option("-p,--precision", conv_precision, "Working precision: df64, qf128 or dd128");
  CLI::Option* conv_batch_option =
      cv->add_option("--batch", conv_batch, "Number of signals in A (default: the product of its other axes)")
          ->check(non_negative);
  cv->add_option("--twiddles", conv_twiddles, "Twiddle factors: table, computed or direct")
      ->check(CLI::IsMember({"table", "computed", "direct"}));
  cv->add_option("--device", conv.device, "auto (CUDA if present, else CPU), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cv->add_option("--in-format", conv_in_format.text, "Format of raw inputs whose names do not say");
  cv->add_option("--out-format", conv_out_format.text, "Output format (default: OUT's extension, else A's)");
  cv->add_flag("--allow-nonfinite", conv.allow_nonfinite, "Accept NaN and infinity");
  cv->add_flag("--force", conv.force, "Replace an existing OUT");
  cv->add_flag("--json", conv.json, "Print the result as JSON");
  cv->footer("Example:\n  ffft convolve x.npy h.npy y.npy --mode same -p dd128");

  // roundtrip.
  roundtrip_command roundtrip;
  settings_options roundtrip_settings;
  std::vector<std::string> roundtrip_precisions;
  CLI::App* rt = app.add_subcommand("roundtrip", "Accuracy of ifft(fft(x)) in each precision, beside FFTW and cuFFT");
  rt->add_option("IN", roundtrip.input, "Input file (raw or .npy)")->required();
  rt->add_option("-p,--precision", roundtrip_precisions, "Precisions to test (repeat or comma-separate; default all)")
      ->delimiter(',');
  roundtrip_settings.add_to(*rt);
  rt->footer("Example:\n  ffft gen random x.c128 -n 1048576 && ffft roundtrip x.c128 -p df64,dd128");

  // compare.
  compare_command compare;
  format_option compare_format;
  CLI::App* cmp = app.add_subcommand("compare", "Error metrics of A against the reference B");
  cmp->add_option("A", compare.candidate, "The file to judge")->required();
  cmp->add_option("B", compare.reference, "The reference")->required();
  cmp->add_option("--in-format", compare_format.text, "Format of raw inputs whose names do not say");
  cmp->add_flag("--allow-nonfinite", compare.allow_nonfinite, "Accept NaN and infinity");
  cmp->add_flag("--json", compare.json, "Print the metrics as JSON");
  cmp->footer("Example:\n  ffft compare y.c128 x.c128     # relative L2 error, RMSE, PSNR of y against x");

  // gen.
  gen_command gen;
  format_option gen_format;
  CLI::App* g = app.add_subcommand("gen", "Write a test signal: random, impulse, tone or chirp");
  g->add_option("KIND", gen.kind, "random | impulse | tone | chirp")->required();
  g->add_option("OUT", gen.output, "Output file (.npy or raw)")->required();
  g->add_option("-n,--length", gen.length, "Length of each transform (default 1024)")->check(non_negative);
  g->add_option("--batch", gen.batch, "Number of transforms (default 1)")->check(non_negative);
  g->add_option("--seed", gen.seed, "Random seed (default 1)");
  g->add_option("--frequency", gen.frequency, "tone: cycles per transform (default 1)");
  g->add_option("--index", gen.index, "impulse: position (default 0)")->check(non_negative);
  g->add_option("--amplitude", gen.amplitude,
                "Scale A (default 1): the magnitude of impulse, tone and chirp; random parts lie in [-A, A)");
  g->add_option("--out-format", gen_format.text, "Output format (default: OUT's extension, else c128)");
  g->add_flag("--force", gen.force, "Replace an existing OUT");
  g->footer("Example:\n  ffft gen tone x.npy -n 4096 --frequency 100 --out-format dd128");

  info_command info;
  CLI::App* inf = app.add_subcommand("info", "Version, build options, backends and CUDA devices");
  inf->add_flag("--json", info.json, "Print as JSON");
  inf->footer("Example:\n  ffft info --json");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    std::string where = "ffft";
    for (CLI::App* sub : app.get_subcommands()) where += " " + sub->get_name();
    std::fprintf(stderr, "ffft: error: %s; run '%s --help'\n", e.what(), where.c_str());
    return exit_input_error;
  }

  // A bad FFFT_CPU_ISA is the user's to fix: say so before any work.
  try {
    (void)ffft::selected_cpu_isa();
  } catch (const std::exception& e) {
    std::string_view what = e.what();
    if (what.starts_with("ffft: ")) what.remove_prefix(6);  // main adds "ffft: error: "
    throw input_error(std::string(what));
  }

  // Under mpirun with several processes, only fft and ifft share the work;
  // any other command would run P times over the same files.
  if (launcher_ranks() > 1 && !(fft->parsed() || ifft->parsed() || inf->parsed())) {
    // Rank 0 says why and exits with the status, which mpirun returns. The
    // others leave quietly with 0: a non-zero exit would make mpirun stop
    // the job, rank 0 perhaps before its line is out.
    if (launcher_rank() != 0) return exit_success;
    throw input_error("ffft " + app.get_subcommands().front()->get_name() +
                      " runs in one process; under mpirun only fft and ifft run across processes");
  }

  if (fft->parsed() || ifft->parsed()) {
    const bool is_forward = fft->parsed();
    transform_command& c = is_forward ? forward : inverse;
    c.dir = is_forward ? ffft::direction::forward : ffft::direction::inverse;
    c.settings = (is_forward ? forward_settings : inverse_settings).resolve();
    c.precision = precision_of(is_forward ? forward_precision : inverse_precision);
    c.out_format = (is_forward ? forward_out : inverse_out).value("--out-format");
    return run_transform(c);
  }
  if (rfft->parsed() || irfft->parsed()) {
    const bool is_forward = rfft->parsed();
    real_transform_command& c = is_forward ? real_forward : real_inverse;
    c.dir = is_forward ? ffft::direction::forward : ffft::direction::inverse;
    c.settings = (is_forward ? real_forward_settings : real_inverse_settings).resolve();
    c.precision = precision_of(is_forward ? real_forward_precision : real_inverse_precision);
    c.out_format = (is_forward ? real_forward_out : real_inverse_out).value("--out-format");
    return run_real_transform(c);
  }
  if (cv->parsed()) {
    conv.precision = precision_of(conv_precision);
    conv.twiddles = *ffft::twiddle_mode_named(conv_twiddles);  // checked by CLI11
    if (*conv_batch_option) conv.batch = conv_batch;
    conv.in_format = conv_in_format.value("--in-format");
    conv.out_format = conv_out_format.value("--out-format");
    return run_convolve(conv);
  }
  if (rt->parsed()) {
    roundtrip.settings = roundtrip_settings.resolve();
    for (const std::string& p : roundtrip_precisions) roundtrip.precisions.push_back(precision_of(p));
    return run_roundtrip(roundtrip);
  }
  if (cmp->parsed()) {
    compare.in_format = compare_format.value("--in-format");
    return run_compare(compare);
  }
  if (g->parsed()) {
    gen.out_format = gen_format.value("--out-format");
    return run_gen(gen);
  }
  return run_info(info);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    return report_error(e);
  }
}
