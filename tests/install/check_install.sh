#!/usr/bin/env bash
# Installs the build tree into a fresh prefix and uses it as a stranger
# would: the example consumer (examples/consumer) configured with
# find_package(ffft), built and run; the same program built from ffft.pc;
# and the installed program's --version, which must agree with the
# library's ffft::version() and the headers' FFFT_VERSION_STRING.
# Usage: check_install.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$(realpath "$1") source=$(realpath "$2") work=$(realpath -m "$3")
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" > "$work/install.log"

fail() { echo "install check: $*" >&2; exit 1; }
[[ -f $prefix/include/ffft/plan.hpp && -f $prefix/include/ffft/version.hpp ]] || fail "public headers missing"
[[ -x $prefix/bin/ffft ]] || fail "the ffft program is missing"
ls "$prefix"/lib*/cmake/ffft/ffftConfig.cmake > /dev/null || fail "no CMake package"
pc_dir=$(dirname "$(ls "$prefix"/lib*/pkgconfig/ffft.pc)")
# Private headers stay private.
for private in engine src kernels tools cli; do
  [[ ! -e $prefix/include/$private && ! -e $prefix/include/ffft/$private ]] || fail "private folder $private installed"
done

# Only the API's headers: each compiles on its own from the prefix (so
# nothing it includes was left out), and the engine's do not come along.
[[ ! -e $prefix/include/ffft/fft/stockham_group.hpp && ! -e $prefix/include/ffft/host/mpfr.hpp ]] ||
  fail "the engine's headers were installed"
while IFS= read -r header; do
  echo "#include <ffft/${header#"$prefix/include/ffft/"}>" |
    g++ -std=gnu++20 -fsyntax-only -I"$prefix/include" -x c++ - 2> "$work/header.log" ||
    fail "installed header $header does not compile alone: $(head -n 3 "$work/header.log")"
done < <(find "$prefix/include/ffft" -name '*.hpp' | grep -v '/distributed_plan.hpp$')

# CMake consumer.
cmake -S "$source/examples/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release > "$work/consumer-configure.log"
cmake --build "$work/consumer" > "$work/consumer-build.log"
cmake_output=$("$work/consumer/ffft_consumer")
echo "$cmake_output"

# pkg-config consumer (a static libffft needs --static for its dependencies;
# a shared one, outside the loader's directories, an rpath to its libdir).
PKG_CONFIG_PATH=$pc_dir pkg-config --exists ffft || fail "pkg-config does not find ffft.pc"
flags=$(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags --libs --static ffft)
libdir=$(PKG_CONFIG_PATH=$pc_dir pkg-config --variable=libdir ffft)
g++ -std=gnu++20 "$source/examples/consumer/main.cpp" -o "$work/consumer_pc" $flags -Wl,-rpath,"$libdir"
pc_output=$("$work/consumer_pc")
[[ $pc_output == "$cmake_output" ]] || fail "the pkg-config build printed '$pc_output'"

# One version everywhere.
version=$(sed -n 's/^ffft \([0-9.]*\) (headers \([0-9.]*\)).*/\1 \2/p' <<< "$cmake_output")
read -r library headers <<< "$version"
[[ -n $library && $library == "$headers" ]] || fail "library $library and headers $headers disagree"
program=$("$prefix/bin/ffft" --version)
[[ $program == "ffft $library" ]] || fail "ffft --version says '$program', the library $library"
echo "installed: $(du -sh "$prefix" | cut -f1) in $(find "$prefix" -type f | wc -l) files; version $library"
