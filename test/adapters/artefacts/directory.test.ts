/**
 * `artefactsFromDirectories` (issue #21 "Where the artefacts come from"): the host's artefact
 * directories searched in order, paths confined to them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artefactPathRefusal, artefactsFromDirectories } from '../../../src/adapters/artefacts/directory.js';

let root: string;
let first: string;
let second: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fiscalkit-artefacts-'));
  first = join(root, 'first');
  second = join(root, 'second');
  mkdirSync(join(first, 'schematron', 'peppol'), { recursive: true });
  mkdirSync(join(second, 'schematron', 'peppol'), { recursive: true });
  mkdirSync(join(second, 'xsd'), { recursive: true });
  writeFileSync(join(first, 'schematron', 'peppol', 'PEPPOL-EN16931-UBL.sch'), 'first copy');
  writeFileSync(join(second, 'schematron', 'peppol', 'PEPPOL-EN16931-UBL.sch'), 'second copy');
  writeFileSync(join(second, 'schematron', 'peppol', 'PEPPOL-EN16931-CII.sch'), 'only in second');
  writeFileSync(join(second, 'xsd', 'bom.xsd'), Buffer.from([0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x2f, 0x3e]));
  writeFileSync(join(root, 'secret.txt'), 'outside');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('artefactsFromDirectories', () => {
  it('the first directory that holds a path wins; a path in a later one only is found there', () => {
    const artefacts = artefactsFromDirectories([first, second]);
    expect(artefacts.readText('schematron/peppol/PEPPOL-EN16931-UBL.sch')).toBe('first copy');
    expect(artefacts.readText('schematron/peppol/PEPPOL-EN16931-CII.sch')).toBe('only in second');
    expect(
      artefactsFromDirectories([second, first]).readText('schematron/peppol/PEPPOL-EN16931-UBL.sch'),
    ).toBe('second copy');
  });

  it('a missing file, a directory and a missing directory read as undefined, never a throw', () => {
    const artefacts = artefactsFromDirectories([join(root, 'absent'), first]);
    expect(artefacts.readText('schematron/nothing.sch')).toBeUndefined();
    expect(artefacts.readBytes('schematron/nothing.sch')).toBeUndefined();
    expect(artefacts.readText('schematron/peppol')).toBeUndefined();
    expect(artefacts.readText('schematron/peppol/PEPPOL-EN16931-UBL.sch')).toBe('first copy');
  });

  it('refuses paths that leave the directories: .., absolute, backslash, NUL', () => {
    const artefacts = artefactsFromDirectories([first]);
    for (const path of [
      '../secret.txt',
      'schematron/../../secret.txt',
      join(root, 'secret.txt'),
      '/etc/passwd',
      '..\\secret.txt',
      'C:/secret.txt',
      'schematron\0/x',
      '',
    ]) {
      expect(artefacts.readText(path), path).toBeUndefined();
      expect(artefacts.readBytes(path), path).toBeUndefined();
      expect(artefactPathRefusal(path), path).not.toBeNull();
    }
    expect(artefactPathRefusal('schematron/peppol/PEPPOL-EN16931-UBL.sch')).toBeNull();
    expect(artefacts.readText('./schematron/peppol/PEPPOL-EN16931-UBL.sch')).toBe('first copy');
  });

  it('text loses its UTF-8 byte-order mark, bytes keep it', () => {
    const artefacts = artefactsFromDirectories([second]);
    expect(artefacts.readText('xsd/bom.xsd')).toBe('<a/>');
    expect([...(artefacts.readBytes('xsd/bom.xsd') ?? [])].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('describes itself by its directories, in order, and refuses what is not a list of paths', () => {
    const artefacts = artefactsFromDirectories([first, second]);
    expect(artefacts.description).toBe(`${first}, ${second}`);
    expect(artefacts.directories).toEqual([first, second]);
    expect(artefactsFromDirectories([]).description).toBe('(no artefact directory)');
    expect(() => artefactsFromDirectories('dir' as unknown as string[])).toThrow(TypeError);
    expect(() => artefactsFromDirectories([''])).toThrow(TypeError);
  });
});
