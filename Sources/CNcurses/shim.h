#ifndef STREAKS_CNCURSES_SHIM_H
#define STREAKS_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>
#include <locale.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <signal.h>

// Macros and globals Swift cannot import directly.
static inline WINDOW *streaks_stdscr(void) { return stdscr; }
static inline int streaks_lines(void) { return LINES; }
static inline int streaks_cols(void) { return COLS; }
static inline int streaks_colors(void) { return COLORS; }
static inline attr_t streaks_a_bold(void) { return A_BOLD; }
static inline attr_t streaks_a_dim(void) { return A_DIM; }
static inline attr_t streaks_a_reverse(void) { return A_REVERSE; }
static inline attr_t streaks_a_underline(void) { return A_UNDERLINE; }
static inline int streaks_key_resize(void) { return KEY_RESIZE; }
static inline int streaks_ok(void) { return OK; }
static inline int streaks_err(void) { return ERR; }

/// Starts curses on the process's own terminal; NULL when TERM is unknown (unlike initscr,
/// which exits).
static inline SCREEN *streaks_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Draws one cell: a UTF-8 string (one glyph) with attributes and a colour pair.
static inline void streaks_put(int y, int x, const char *glyph, attr_t attributes, int pair) {
    wattr_set(stdscr, attributes, (short)(pair > 32767 ? 0 : pair), &pair);
    mvwaddstr(stdscr, y, x, glyph);
}

/// The terminal size from the kernel (after SIGWINCH LINES/COLS are stale until resizeterm).
static inline int streaks_window_size(int *rows, int *cols) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

/// Whether the locale's character set is UTF-8 (after setlocale(LC_ALL, "")).
static inline int streaks_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (codeset[0] == 'U' || codeset[0] == 'u') && (codeset[1] == 'T' || codeset[1] == 't');
}

#endif
