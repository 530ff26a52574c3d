const FS_ERROR_WORDS = new Map([
  ['ENOENT', 'no such file'],
  ['EISDIR', 'it is a folder, expected a file'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'permission denied'],
  ['ENOTDIR', 'a part of the path is not a folder'],
  ['ELOOP', 'too many levels of symbolic links'],
  ['ENAMETOOLONG', 'the name is too long'],
  ['EEXIST', 'a file of that name is in the way'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'the disk quota is exceeded'],
  ['EIO', 'an input/output error of the device'],
  ['EPIPE', 'the reading end of the pipe is closed'],
  ['EFBIG', 'the file is too large for the device'],
  ['EROFS', 'read-only file system'],
  ['EMFILE', 'too many open files'],
  ['ENFILE', 'too many open files'],
  ['ERR_INVALID_ARG_VALUE', 'the path holds a NUL byte'],
  ['ERR_INVALID_ARG_TYPE', 'the path holds a NUL byte'],
]);

/**
 * A file-system error as words for a message. Only the error's code is used, never node's
 * message: that message holds the absolute path (ELOOP, ENAMETOOLONG, a NUL byte), and what is
 * printed may go into a report, which must not depend on where the repository is checked out.
 */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined) return error instanceof Error ? 'unexpected error' : String(error);
  return FS_ERROR_WORDS.get(code) ?? (/^[A-Z][A-Z0-9_]*$/u.test(code) ? code : 'unexpected error');
}

/**
 * The wording `import` has always given a file it cannot read: the code, then node's message
 * with the path cut off (`ENOENT: no such file or directory`).
 */
export function describeFsErrorWithCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message.replace(/^[A-Z]+: /u, '').replace(/, \w+ '.*'$/u, '');
    return code === undefined ? message : `${code}: ${message}`;
  }
  return String(error);
}

/**
 * The error of a write through a file descriptor, which node reports without a path, given the
 * path of the file written, so that the message names it (src/cli/main.ts) instead of calling it a bug.
 */
export function withFilePath(error: unknown, path: string, syscall = 'write'): unknown {
  const failure = error as NodeJS.ErrnoException | null;
  if (failure === null || typeof failure !== 'object' || typeof failure.code !== 'string') return error;
  if (typeof failure.path !== 'string') failure.path = path;
  if (typeof failure.syscall !== 'string') failure.syscall = syscall;
  return error;
}
