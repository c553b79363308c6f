// A batched dd128 transform through the installed library: forward and
// back, then the round trip's largest error, which must be near 2^-106.
#include <cmath>
#include <cstdio>
#include <vector>

#include "ffft/ffft.hpp"  // the arithmetic: from_double, sub, to_double
#include "ffft/plan.hpp"
#include "ffft/version.hpp"

int main() {
  using E = ffft::dd128;
  ffft::plan_options o;
  o.length = 1000;  // 2^3 5^3: radices 8, 5, 5, 5
  o.batch = 4;
  o.backend = ffft::backend::cpu;
  ffft::plan<E> p(o);

  std::vector<ffft::complex<E>> x(o.length * o.batch), y(x.size()), z(x.size());
  for (std::size_t j = 0; j < x.size(); ++j)  // exact in dd128: dyadic values
    x[j] = {ffft::from_double<E>(std::ldexp(double(j % 97), -7)),
            ffft::from_double<E>(std::ldexp(double(j % 89), -6))};
  p.forward(x.data(), y.data());
  p.inverse(y.data(), z.data());  // scaled by 1/1000

  double worst = 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const ffft::complex<E> d = ffft::sub(z[j], x[j]);
    worst = std::fmax(worst, std::fmax(std::fabs(ffft::to_double(d.re)),
                                       std::fabs(ffft::to_double(d.im))));
  }
  std::printf("ffft %s (headers %s), cpu path %s\n", ffft::version(), FFFT_VERSION_STRING,
              ffft::to_string(p.cpu_isa()));
  std::printf("round trip of %llu x %llu points: largest error %.3g\n",
              static_cast<unsigned long long>(o.batch), static_cast<unsigned long long>(o.length),
              worst);
  return worst < 1e-29 ? 0 : 1;
}
