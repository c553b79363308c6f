// Turning cuFFT errors into exceptions, as cuda_check.hpp does for the
// runtime: the expression and cuFFT's status code. Host code only.
#pragma once

#include <cufft.h>

#include <stdexcept>
#include <string>

#define FFFT_CUFFT_CHECK(expression)                                                          \
  do {                                                                                        \
    const cufftResult ffft_cufft_status_ = (expression);                                      \
    if (ffft_cufft_status_ != CUFFT_SUCCESS)                                                  \
      throw std::runtime_error(std::string(#expression) + " failed: cuFFT error " +           \
                               std::to_string(static_cast<int>(ffft_cufft_status_)));        \
  } while (0)
