/* Checks shared by the C programs in c_tests/: CHECK, CHECK_EQ,
   CHECK_STR count failures, finish() reports them as the exit status. */
#ifndef KIBITZ_C_TESTS_CHECK_H
#define KIBITZ_C_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,     \
              #cond);                                                      \
      failures++;                                                          \
    }                                                                      \
  } while (0)

#define CHECK_EQ(got, want)                                                \
  do {                                                                     \
    long long g_ = (long long)(got), w_ = (long long)(want);               \
    if (g_ != w_) {                                                        \
      fprintf(stderr, "%s:%d: %s = %lld, expected %lld\n", __FILE__,       \
              __LINE__, #got, g_, w_);                                     \
      failures++;                                                          \
    }                                                                      \
  } while (0)

#define CHECK_STR(got, want)                                               \
  do {                                                                     \
    if (strcmp((got), (want)) != 0) {                                      \
      fprintf(stderr, "%s:%d: %s = \"%s\", expected \"%s\"\n", __FILE__,   \
              __LINE__, #got, (got), (want));                              \
      failures++;                                                          \
    }                                                                      \
  } while (0)

/* Prints "<name>: all checks passed" and returns 0, or reports the number
   of failed checks on stderr and returns 1. */
static inline int finish(const char *name) {
  if (failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", name, failures);
    return 1;
  }
  printf("%s: all checks passed\n", name);
  return 0;
}

#endif
