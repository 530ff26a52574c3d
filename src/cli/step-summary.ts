import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { withFilePath } from '../io/files/fs-problem.js';

/**
 * Appends to `$GITHUB_STEP_SUMMARY`, which must be a regular file or absent (then made). A named
 * pipe, a device or a folder there is not written to (a pipe with no reader would hang the
 * command, a device such as /dev/full fails every write): the warning returned says so. The file
 * is opened without blocking and checked once open, so what is written to is what was checked.
 * A write that fails (a full disk) throws, naming the file.
 */
export async function appendStepSummary(path: string, text: string): Promise<string | null> {
  const notRegular = `GITHUB_STEP_SUMMARY is not a regular file; the step summary was not written`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(
      path,
      constants.O_WRONLY |
        constants.O_APPEND |
        constants.O_CREAT |
        (constants.O_NONBLOCK ?? 0) |
        (constants.O_NOCTTY ?? 0),
      0o644,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A pipe with no reader (ENXIO) or a folder (EISDIR): not a file to write.
    if (code === 'ENXIO' || code === 'EISDIR') return notRegular;
    throw withFilePath(error, path, 'open');
  }
  try {
    if (!(await handle.stat()).isFile()) return notRegular;
    await handle.writeFile(text, 'utf8');
    return null;
  } catch (error) {
    throw withFilePath(error, path);
  } finally {
    await handle.close();
  }
}
