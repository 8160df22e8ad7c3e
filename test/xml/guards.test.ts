/**
 * The shared XML guards under repeated input (issue #24 item 1): the scan for undeclared entities
 * skips comments, CDATA sections and processing instructions in linear time, even when they are never
 * closed; and `parseRefusal` words a parse-time refusal with its position.
 */
import { describe, expect, it } from 'vitest';
import { parseRefusal, wellFormednessIssue } from '../../src/xml/guards.js';

describe('wellFormednessIssue: the reference scan', () => {
  it.each([
    ['<?', 400000],
    ['<!--', 300000],
    ['<![CDATA[', 300000],
  ])(
    'answers for %j opened %i times and never closed within 20 s',
    (opener, count) => {
      // The lazy `<!--[\s\S]*?-->` of the old scan searched to the end from every opener: 40,000 `<?`
      // took a second, 400,000 well over a minute.
      const text = `<a>${opener.repeat(count)}</a>`;
      const started = performance.now();
      // The unterminated construct runs to the end of the document: the parse reports it, not this scan.
      expect(wellFormednessIssue(text, 'file')).toBeNull();
      expect(performance.now() - started).toBeLessThan(20000);
    },
    60000,
  );

  it('still skips what comments, CDATA sections and processing instructions hold, and nothing else', () => {
    expect(wellFormednessIssue('<a><!-- &nbsp; --><![CDATA[&x;]]><?pi &y;?></a>', 'file')).toBeNull();
    expect(wellFormednessIssue('<a><!-- --> &nbsp;</a>', 'file')?.message).toBe(
      'file is not well-formed XML: the entity &nbsp; is not declared (without a DTD only &amp; &lt; &gt; &quot; &apos; exist) (line 1, column 13)',
    );
    expect(wellFormednessIssue('<a><?pi?>&#1;</a>', 'file')?.message).toMatch(/&#1; names no XML character/);
    expect(wellFormednessIssue('<a>&amp;&#x41;<![CDATA[]]>&bad</a>', 'file')?.message).toMatch(
      /an "&" that starts no entity/,
    );
  });
});

describe('parseRefusal', () => {
  it("words the parse's refusal with its line and column (from 1), at the document's param", () => {
    expect(parseRefusal('5:6: has <a/b> more than 3 times in one <a> (occurrence 4), …', 'file')).toEqual({
      rule: 'xml.schema-limits',
      code: 'parameter_invalid',
      param: 'file',
      message: 'file has <a/b> more than 3 times in one <a> (occurrence 4), … (line 5, column 7)',
    });
  });
});
