// The arithmetic core, for host and device code alike.
#pragma once

#include "ffft/arithmetic.hpp"
#include "ffft/complex.hpp"
#include "ffft/conversions.hpp"
#include "ffft/eft.hpp"
#include "ffft/expansion.hpp"
