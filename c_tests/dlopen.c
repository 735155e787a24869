/* Loads the library with dlopen, solves a board, unloads it with dlclose,
   three times over, then exits normally: neither unloading nor process
   exit may crash. The library path comes from the environment variable
   KIBITZ_LIB; DLOPEN_ROUNDS (default 3) sets the number of cycles. */
#include <dds/dll.h>
#include <dlfcn.h>
#include <stdlib.h>

#include "common.h"

typedef int (*solve_pbn_fn)(struct dealPBN, int, int, int, struct futureTricks *, int);
typedef int (*calc_pbn_fn)(struct ddTableDealPBN, struct ddTableResults *);

int main(void) {
  const char *path = getenv("KIBITZ_LIB");
  CHECK(path != NULL);
  if (!path) return finish("dlopen");
  const char *rounds_env = getenv("DLOPEN_ROUNDS");
  int rounds = rounds_env ? atoi(rounds_env) : 3;
  for (int round = 0; round < rounds; round++) {
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CHECK(lib != NULL);
    if (!lib) {
      fprintf(stderr, "%s\n", dlerror());
      break;
    }
    solve_pbn_fn solve = (solve_pbn_fn)dlsym(lib, "SolveBoardPBN");
    calc_pbn_fn calc = (calc_pbn_fn)dlsym(lib, "CalcDDtablePBN");
    CHECK(solve != NULL && calc != NULL);
    if (solve && calc) {
      struct dealPBN d;
      memset(&d, 0, sizeof d);
      strcpy(d.remainCards, LIST1_PBN);
      d.trump = 0;
      d.first = 0;
      struct futureTricks f;
      CHECK_EQ(solve(d, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
      check_list1_fut(&f);
      struct ddTableDealPBN t;
      struct ddTableResults r;
      strcpy(t.cards, LIST1_PBN);
      CHECK_EQ(calc(t, &r), RETURN_NO_FAULT);
      check_list1_table(&r);
    }
    CHECK_EQ(dlclose(lib), 0);
  }
  return finish("dlopen");
}
