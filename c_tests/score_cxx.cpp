// <kibitz/score.h> from C++: the extern "C" guard links, the typedefs and
// the callback type work with a C++ function.
#include <kibitz/score.h>

#include <cstdio>

extern "C" int fixed_value(int, void *user) { return *static_cast<int *>(user); }

int main() {
  int value = -42;
  ScoreScale classic = score_scale_classic();
  bool ok = score_mate_in(1) == 31999 && score_scaled_mate_in(&classic, 1) == 16382 &&
            score_mtdf(0, fixed_value, &value, 2) == -42 && score_unpack(0x4000, 15) == -16384;
  if (!ok) {
    std::fprintf(stderr, "score_cxx: mismatch\n");
    return 1;
  }
  std::printf("score_cxx: all checks passed\n");
  return 0;
}
