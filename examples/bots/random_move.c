/* A bot for the threeup3down arena in C: it plays the legal move whose index is the
 * decision's seed modulo the number of legal moves, so it plays at random, and
 * repeatably.
 *
 * It speaks the bot protocol (threeup3down.arena.protocol) with the C library
 * alone: it does not parse JSON in general, it finds the "legal_moves" array of
 * a decide message, whose strings are move notation (no quotes, no escapes).
 *
 *     cc -O2 -o random_move examples/bots/random_move.c
 *     threeup3down arena --bot c-random=./random_move --bot random --players 2 --games 20
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The n-th string of the JSON array that starts at `array` ('['), copied to `out`. */
static int nth_move(const char *array, unsigned long long n, char *out, size_t size) {
    unsigned long long count = 0;
    const char *p;
    for (p = array; *p && *p != ']'; p++) {
        if (*p == '"') {
            count++;
            p = strchr(p + 1, '"');
            if (!p) return -1;
        }
    }
    if (count == 0) return -1;
    n %= count;
    for (p = array; *p; p++) {
        if (*p == '"') {
            const char *end = strchr(p + 1, '"');
            if (n-- == 0) {
                size_t length = (size_t)(end - p - 1);
                if (length >= size) return -1;
                memcpy(out, p + 1, length);
                out[length] = '\0';
                return 0;
            }
            p = end;
        }
    }
    return -1;
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    char move[256];
    printf("{\"type\":\"hello\",\"protocol\":1,\"bot\":\"c-random\"}\n");
    fflush(stdout);
    while (getline(&line, &capacity, stdin) != -1) {
        if (strstr(line, "\"type\":\"bye\"")) break;
        if (!strstr(line, "\"type\":\"decide\"")) continue;
        const char *moves = strstr(line, "\"legal_moves\":[");
        const char *seed_text = strstr(line, "\"seed\":");
        if (!moves || !seed_text) return 1;
        unsigned long long seed = strtoull(seed_text + 7, NULL, 10);
        if (nth_move(moves + 14, seed, move, sizeof move) != 0) return 1;
        printf("{\"type\":\"move\",\"move\":\"%s\"}\n", move);
        fflush(stdout);
    }
    free(line);
    return 0;
}
