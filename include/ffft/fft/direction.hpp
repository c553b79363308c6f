// The transform's direction and normalization, named as in FFTW and numpy.fft.
#pragma once

namespace ffft {

// The sign of the exponent: forward is exp(-2 pi i jk / n) (FFTW_FORWARD),
// inverse exp(+2 pi i jk / n) (FFTW_BACKWARD).
enum class direction : int { forward = -1, inverse = +1 };

// Which direction is scaled, as numpy.fft's `norm`: backward (the default)
// scales the inverse by 1/n, ortho both by 1/sqrt(n), forward the forward
// transform by 1/n.
enum class normalization { backward, ortho, forward };

}  // namespace ffft
