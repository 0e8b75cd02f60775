// The cover file (warccover(5)): written by warccover, read by --check and
// warcfilter.
#include "cover/solve.h"
