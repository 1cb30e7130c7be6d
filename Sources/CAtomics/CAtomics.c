// The functions are `static inline` in include/CAtomics.h; a C target needs one source file.
#include "CAtomics.h"
