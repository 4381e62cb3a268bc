import * as fs from 'node:fs';

export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  /** The Unix mode stored by the packer (0 when it stored none). */
  readonly mode: number;
}

/** The entries of a zip file (a .vsix), read from its central directory. */
export function zipEntries(file: string): ZipEntry[] {
  const zip = fs.readFileSync(file);
  // the end-of-central-directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  const entries: ZipEntry[] = [];
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24), mode: zip.readUInt32LE(at + 38) >>> 16 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
