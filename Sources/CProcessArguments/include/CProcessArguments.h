#ifndef C_PROCESS_ARGUMENTS_H
#define C_PROCESS_ARGUMENTS_H

/// The argument count and vector the C runtime passed to the program's initialisers, kept
/// because Swift's `CommandLine` on Linux finds them through /proc, which may be missing.
int process_arguments_count(void);
char *const *process_arguments_vector(void);

#endif
