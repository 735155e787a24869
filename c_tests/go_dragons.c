/* Exercises the dragon functions of include/kibitz/go.h on transcript 1 of
 * the reference notes (GNU Go 3.8's dragons: {C4 D4 C3 E3} one dragon, the
 * white D3 in atari dead), and the error codes of bad input. Prints one
 * fact per line; tests/c_go.rs checks the exact output. */
#include <stdio.h>

#include "kibitz/go.h"

static int at(go_board *b, const char *gtp) {
    return go_vertex_from_gtp(go_board_size(b), gtp);
}

int main(void) {
    char name[8];
    go_dragon d;
    go_board *b = go_board_new(9);
    if (!b) return 1;
    const char *moves[] = {"C3", "D3", "D4", "E4", "C4", "D5", "E3", "G7"};
    for (int i = 0; i < 8; i++)
        go_play(b, i % 2 ? GO_WHITE : GO_BLACK, at(b, moves[i]));

    printf("same C3 E3: %d, D3 E4: %d\n", go_same_dragon(b, at(b, "C3"), at(b, "E3")),
           go_same_dragon(b, at(b, "D3"), at(b, "E4")));
    printf("status D3: %d\n", go_dragon_status(b, at(b, "D3")));
    printf("data E3: %d\n", go_dragon_data(b, at(b, "E3"), &d));
    go_vertex_to_gtp(9, d.origin, name, sizeof name);
    printf("  color %d origin %s size %d worms %d\n", d.color, name, d.size, d.worms);
    printf("distance D2 white: %d strategic %d black %d\n",
           go_distance(b, at(b, "D2"), GO_WHITE, 0), go_distance(b, at(b, "D2"), GO_WHITE, 1),
           go_distance(b, at(b, "D2"), GO_BLACK, 0));
    printf("distance on a stone: %d\n", go_distance(b, at(b, "E3"), GO_BLACK, 0));

    /* Errors. */
    printf("NULL: %d %d %d %d %d\n", go_dragon_data(NULL, 0, &d), go_dragon_data(b, 0, NULL),
           go_dragon_status(NULL, 0), go_same_dragon(NULL, 0, 0), go_distance(NULL, 0, GO_BLACK, 0));
    printf("empty: %d %d %d\n", go_dragon_data(b, at(b, "A1"), &d), go_dragon_status(b, at(b, "A1")),
           go_same_dragon(b, at(b, "C3"), at(b, "A1")));
    printf("vertex: %d %d %d %d\n", go_dragon_status(b, 81), go_dragon_status(b, GO_PASS),
           go_same_dragon(b, -7, at(b, "C3")), go_distance(b, 81, GO_BLACK, 0));
    printf("colour: %d, flag: %d\n", go_distance(b, 0, 9, 0), go_distance(b, 0, GO_BLACK, 2));

    /* A lone white stone: no black stone to measure from. */
    go_board *e = go_board_new(5);
    go_play(e, GO_WHITE, 12);
    printf("far: %d\n", go_distance(e, 0, GO_BLACK, 0));
    go_board_free(e);
    go_board_free(b);
    return 0;
}
