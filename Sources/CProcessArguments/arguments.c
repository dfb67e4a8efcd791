#include "CProcessArguments.h"

static int saved_count;
static char *const *saved_vector;

// glibc, musl and dyld call initialisers with (argc, argv, envp) before main.
__attribute__((constructor)) static void keep_process_arguments(int count, char *const *vector, char *const *environment) {
    (void)environment;
    saved_count = count;
    saved_vector = vector;
}

int process_arguments_count(void) { return saved_vector ? saved_count : 0; }

char *const *process_arguments_vector(void) { return saved_vector; }
