/* Exercises include/kibitz/go.h: boards, moves, SGF, worm data, vertices,
 * and the error codes of bad input. Prints one fact per line; the Rust test
 * tests/c_go.rs checks the exact output. */
#include <stdio.h>
#include <string.h>

#include "kibitz/go.h"

static int at(go_board *b, const char *gtp) {
    return go_vertex_from_gtp(go_board_size(b), gtp);
}

int main(void) {
    char name[8];
    go_worm w;
    go_board *b = go_board_new(9);
    if (!b) return 1;

    /* Transcript 1 of the reference notes. */
    const char *moves[] = {"C3", "D3", "D4", "E4", "C4", "D5", "E3", "G7"};
    for (int i = 0; i < 8; i++)
        printf("play %s: %d\n", moves[i], go_play(b, i % 2 ? GO_WHITE : GO_BLACK, at(b, moves[i])));
    printf("occupied: %d\n", go_play(b, GO_BLACK, at(b, "C3")));
    printf("bad colour: %d\n", go_play(b, 7, at(b, "A1")));
    printf("bad vertex: %d\n", go_play(b, GO_BLACK, 81));
    printf("get C3: %d, A1: %d, 81: %d\n", go_get(b, at(b, "C3")), go_get(b, at(b, "A1")), go_get(b, 81));

    printf("worm D3: %d\n", go_worm_data(b, at(b, "D3"), &w));
    go_vertex_to_gtp(9, w.attack_point, name, sizeof name);
    printf("  color %d size %d eff %.2f libs %d %d %d %d cut %d genus %d ko %d attack %d %s\n",
           w.color, w.size, w.effective_size, w.liberties, w.liberties2, w.liberties3,
           w.liberties4, w.cutstone, w.genus, w.ko, w.attack_code, name);
    go_worm_data(b, at(b, "C3"), &w);
    go_vertex_to_gtp(9, w.origin, name, sizeof name);
    printf("worm C3: origin %s size %d cut %d\n", name, w.size, w.cutstone);
    go_worm_data(b, at(b, "A1"), &w);
    printf("cavity A1: color %d size %d\n", w.color, w.size);

    printf("undo: %d\n", go_undo(b));
    printf("get G7: %d\n", go_get(b, at(b, "G7")));

    /* SGF: position before move 3 of a 5x5 record. */
    const char *sgf = "(;FF[4]SZ[5]AB[aa]AW[ba];B[cc];W[dd];B[ee])";
    printf("load: %d\n", go_load_sgf(b, sgf, 3));
    printf("size %d\n", go_board_size(b));
    printf("get A5 %d B5 %d C3 %d D2 %d E1 %d\n", go_get(b, 0), go_get(b, 1), go_get(b, 12),
           go_get(b, 18), go_get(b, 24));
    printf("bad sgf: %d\n", go_load_sgf(b, "(;SZ[40])", 0));
    printf("size %d\n", go_board_size(b));
    printf("junk sgf: %d\n", go_load_sgf(b, "no tree here", 0));

    /* NULL and range checks. */
    printf("new(1) %s, new(20) %s\n", go_board_new(1) ? "board" : "NULL",
           go_board_new(20) ? "board" : "NULL");
    printf("NULL: %d %d %d %d %d\n", go_play(NULL, GO_BLACK, 0), go_load_sgf(b, NULL, 0),
           go_load_sgf(NULL, sgf, 0), go_worm_data(b, 0, NULL), go_worm_data(NULL, 0, &w));
    printf("worm bad vertex: %d %d\n", go_worm_data(b, -1, &w), go_worm_data(b, 25, &w));
    printf("vertex: %d %d %d %d %d\n", go_vertex_from_gtp(19, "q16"), go_vertex_from_gtp(19, "pass"),
           go_vertex_from_gtp(19, "I5"), go_vertex_from_gtp(1, "A1"), go_vertex_from_gtp(9, NULL));
    printf("name: %d %s, ", go_vertex_to_gtp(19, 0, name, sizeof name), name);
    printf("%d %s, ", go_vertex_to_gtp(19, GO_PASS, name, sizeof name), name);
    printf("%d %d\n", go_vertex_to_gtp(19, 0, name, 3), go_vertex_to_gtp(19, 361, name, sizeof name));
    go_board_free(b);
    go_board_free(NULL);
    return 0;
}
