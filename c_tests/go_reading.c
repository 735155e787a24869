/* Exercises go_attack / go_defend of include/kibitz/go.h: an atari, a ko,
 * a safe string, and the error codes. Prints one fact per line; the Rust
 * test tests/c_go_reading.rs checks the exact output (values recorded from
 * GNU Go 3.8's `attack` / `defend` on the same positions). */
#include <stdio.h>

#include "kibitz/go.h"

static int at(go_board *b, const char *gtp) {
    return go_vertex_from_gtp(go_board_size(b), gtp);
}

static void play_all(go_board *b, const char **moves, int n) {
    for (int i = 0; i < n; i++)
        go_play(b, i % 2 ? GO_WHITE : GO_BLACK, at(b, moves[i]));
}

static void ask(go_board *b, const char *what, const char *gtp) {
    char name[8];
    int move = 12345;
    int code = what[0] == 'a' ? go_attack(b, at(b, gtp), &move) : go_defend(b, at(b, gtp), &move);
    go_vertex_to_gtp(go_board_size(b), move, name, sizeof name);
    printf("%s %s: %d %s\n", what, gtp, code, name);
}

int main(void) {
    int move = 7;
    go_board *b = go_board_new(9);
    if (!b) return 1;
    /* Transcript 1 of the reference notes: D3 is in atari. */
    const char *t1[] = {"C3", "D3", "D4", "E4", "C4", "D5", "E3", "G7"};
    play_all(b, t1, 8);
    ask(b, "attack", "D3");
    ask(b, "defend", "D3");
    ask(b, "attack", "G7");
    go_board_free(b);

    /* Six liberties: safe, no move needed. */
    b = go_board_new(9);
    const char *safe[] = {"E5", "D4", "E6"};
    play_all(b, safe, 3);
    ask(b, "defend", "E5");
    go_board_free(b);

    /* A ko: black E5 takes the white stone D5. */
    b = go_board_new(9);
    const char *ko[] = {"C5", "F5", "D6", "E6", "D4", "E4", "G7", "D5"};
    play_all(b, ko, 8);
    ask(b, "attack", "D5");
    ask(b, "defend", "D5");

    /* Errors leave *move alone. */
    printf("empty: %d %d\n", go_attack(b, at(b, "A1"), &move), go_defend(b, at(b, "A1"), &move));
    printf("vertex: %d %d\n", go_attack(b, -1, &move), go_defend(b, 81, &move));
    printf("null: %d %d\n", go_attack(NULL, 0, &move), go_defend(NULL, 0, &move));
    printf("move untouched: %d\n", move);
    printf("null move: %d\n", go_attack(b, at(b, "D5"), NULL));
    go_board_free(b);
    return 0;
}
