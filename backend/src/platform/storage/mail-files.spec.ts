import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AppConfig } from '../config';
import type { DocumentStorage } from './storage';
import { MailFiles } from './mail-files';

/** MailFiles.writer(): a large message written to its file as it arrives (issue 14). */
describe('MailFiles.writer', () => {
  let dataDir: string;
  let files: MailFiles;
  const tmpEntries = () => fs.readdirSync(files.tmpDir);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
    const config = { dataDir, storage: { kind: 'local' }, scale: { backgroundJobs: false } } as unknown as AppConfig;
    files = new MailFiles(config, null as unknown as DocumentStorage);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes the pieces in order, then places a private file under a new name and leaves nothing in tmp/', async () => {
    const pieces = Array.from({ length: 5 }, () => randomBytes(700_000));
    const writer = files.writer();
    for (const piece of pieces) await writer.write(piece);
    expect(writer.bytes).toBe(3_500_000);
    const name = await writer.finish();
    expect(name).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.readFileSync(files.pathOf(name)).equals(Buffer.concat(pieces))).toBe(true);
    expect(fs.statSync(files.pathOf(name)).mode & 0o777).toBe(0o600);
    expect(tmpEntries()).toEqual([]);
    expect((await files.read(name)).length).toBe(3_500_000);
  });

  it('discard drops the half-written file', async () => {
    const writer = files.writer();
    await writer.write(randomBytes(2_000_000));
    await writer.discard();
    expect(tmpEntries()).toEqual([]);
    expect(fs.readdirSync(path.join(files.root, 'files'))).toEqual([]);
  });

  it('a file that cannot be written fails its write or finish, and nothing is placed', async () => {
    fs.rmSync(files.tmpDir, { recursive: true });
    const writer = files.writer();
    const outcome = (async () => {
      await writer.write(randomBytes(2_000_000));
      await writer.write(randomBytes(2_000_000));
      return writer.finish();
    })();
    await expect(outcome).rejects.toMatchObject({ code: 'ENOENT' });
    await writer.discard();
    expect(fs.readdirSync(path.join(files.root, 'files'))).toEqual([]);
  });
});
