/**
 * `staticSvgIssue` (issue #24 item 6, "uploaded SVG logos keep their scripts"): an SVG logo must be
 * plainly a static image, judged by an allowlist. Each active construct is refused at `logo` with a
 * message naming it; a realistic static logo (paths, gradients, text, a `<use href="#a"/>`, an embedded
 * PNG, a style sheet with `url(#…)`) is accepted; `checkLogo` keeps the bytes as they came.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/ApiError.js';
import { checkLogo } from '../../src/service/accountLogo.js';
import { staticSvgIssue } from '../../src/xml/staticSvg.js';
import { STATIC_LOGO } from '../support/svgLogos.js';

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40"${attributes}>${inner}</svg>`;

function refused(text: string): string {
  const issue = staticSvgIssue(text);
  expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'logo' });
  return issue?.message ?? '';
}

describe('a static logo is accepted', () => {
  it('accepts paths, gradients, clipping, filters, text, <use href="#a"/>, a data: PNG and a style sheet with url(#…)', () => {
    expect(staticSvgIssue(STATIC_LOGO)).toBeNull();
    expect(staticSvgIssue(new TextEncoder().encode(STATIC_LOGO))).toBeNull();
    // A UTF-8 byte-order mark is fine for an image.
    expect(
      staticSvgIssue(Uint8Array.of(0xef, 0xbb, 0xbf, ...new TextEncoder().encode(STATIC_LOGO))),
    ).toBeNull();
  });

  it('checkLogo keeps the bytes exactly as they came', () => {
    const bytes = new TextEncoder().encode(STATIC_LOGO);
    const checked = checkLogo({ content_type: 'image/svg+xml', bytes });
    expect(checked.bytes).toBe(bytes);
    expect(checked.content_type).toBe('image/svg+xml');
  });
});

describe('each active construct is refused, naming what was found', () => {
  it.each([
    ['<script>', svg('<script>alert(1)</script>'), /the element <script> \(a script\) \(line 1\)/],
    ['<script> in CDATA', svg('<script><![CDATA[alert(1)]]></script>'), /<script> \(a script\)/],
    [
      'foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      /the element <foreignObject> \(foreign \(HTML\) content\)/,
    ],
    [
      'onload',
      svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
      /the event handler attribute onload on <svg>/,
    ],
    [
      'onclick (any case)',
      svg('<rect width="1" height="1" OnClick="x()"/>'),
      /the event handler attribute OnClick on <rect>/,
    ],
    [
      'external <use>',
      svg('<use href="https://evil.example/s.svg#a"/>'),
      /reference to "https:\/\/evil\.example\/s\.svg#a".* in href on <use>/,
    ],
    [
      'external xlink:href',
      svg('<use xlink:href="other.svg#a"/>'),
      /reference to "other\.svg#a".* in xlink:href on <use>/,
    ],
    ['javascript: href', svg('<image href="javascript:alert(1)"/>'), /reference to "javascript:alert\(1\)"/],
    [
      'an SVG data: image',
      svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'),
      /reference to "data:image\/svg\+xml/,
    ],
    ['a link', svg('<a href="#x"><rect width="1" height="1"/></a>'), /the element <a> \(a link\)/],
    [
      '<set>',
      svg('<set attributeName="href" to="javascript:alert(1)"/>'),
      /the element <set> \(animation, which can set attributes\)/,
    ],
    [
      '<animate>',
      svg('<rect width="1" height="1"><animate attributeName="onclick" to="x()"/></rect>'),
      /the element <animate> \(animation/,
    ],
    [
      '<animateTransform>',
      svg('<animateTransform attributeName="transform"/>'),
      /the element <animateTransform> \(animation\)/,
    ],
    [
      '<iframe>',
      svg('<iframe src="https://evil.example"/>'),
      /the element <iframe> \(an embedded document\)/,
    ],
    ['<embed>', svg('<embed src="x.swf"/>'), /the element <embed> \(an embedded document\)/],
    ['<object>', svg('<object data="x.html"/>'), /the element <object> \(an embedded document\)/],
    ['<style> @import', svg('<style>@import url(#a);</style>'), /@import, in a <style> sheet/],
    [
      '<style> external url(',
      svg('<style>rect { fill: url(https://evil.example/p.svg#g) }</style>'),
      /a url\(https:\/\/evil\.example\/p\.svg#g\) to something outside the document, in a <style> sheet/,
    ],
    [
      '<style> javascript:',
      svg('<style>rect { background: "javascript:alert(1)" }</style>'),
      /a javascript: URL, in a <style> sheet/,
    ],
    [
      '<style> hidden by an escape',
      svg('<style>rect { fill: \\75 rl(https://evil.example) }</style>'),
      /a CSS escape/,
    ],
    [
      '<style> image-set(',
      svg('<style>rect { fill: image-set("x.png" 1x) }</style>'),
      /a CSS resource function/,
    ],
    [
      'style attribute url(',
      svg('<rect width="1" height="1" style="fill:url(//evil.example/x)"/>'),
      /a url\(\/\/evil\.example\/x\) to something outside the document, in the attribute style on <rect>/,
    ],
    [
      'presentation attribute url(',
      svg('<rect width="1" height="1" fill="url(http://evil.example/g)"/>'),
      /in the attribute fill on <rect>/,
    ],
    [
      'style attribute expression(',
      svg('<rect width="1" height="1" style="width: expression(alert(1))"/>'),
      /a CSS expression\(\)/,
    ],
    [
      'a style sheet of another type',
      svg('<style type="text/ecmascript">x</style>'),
      /a style sheet of type "text\/ecmascript" on <style>/,
    ],
    [
      '<?xml-stylesheet?>',
      `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/s.css"?>${svg('')}`,
      /the processing instruction <\?xml-stylesheet\?>/,
    ],
    [
      'a foreign element',
      svg('<x:thing xmlns:x="urn:x"/>'),
      /the element <x:thing> in the namespace urn:x, which is not SVG/,
    ],
    [
      'an HTML element in no namespace',
      `<svg xmlns="http://www.w3.org/2000/svg"><g><div xmlns="">x</div></g></svg>`,
      /the element <div> in no namespace/,
    ],
    [
      'an editor attribute',
      svg('<g inkscape:label="L" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>'),
      /the attribute inkscape:label on <g> in the namespace http:\/\/www\.inkscape\.org\/namespaces\/inkscape/,
    ],
    [
      'an attribute outside the allowlist',
      svg('<rect width="1" height="1" tabindex="0"/>'),
      /the attribute tabindex on <rect>, which is not a static SVG attribute/,
    ],
    [
      'an element outside the allowlist',
      svg('<cursor href="#c"/>'),
      /the element <cursor>, which is not a static SVG element/,
    ],
    [
      'a root that is not svg',
      '<html xmlns="http://www.w3.org/2000/svg"><svg/></html>',
      /the root element <html>; an SVG image has the root <svg>/,
    ],
    [
      'an svg root in no namespace',
      '<svg><rect/></svg>',
      /the element <svg> in no namespace, which is not SVG \(the root must be <svg> in http:\/\/www\.w3\.org\/2000\/svg\)/,
    ],
  ])('%s', (_, text, message) => {
    const found = refused(text);
    expect(found).toMatch(message);
    expect(found).toMatch(/^logo is not a static SVG image: /);
  });

  it('refuses a DOCTYPE, an entity and malformed XML through the shared guards', () => {
    expect(refused(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`)).toMatch(
      /^logo contains a DOCTYPE declaration/,
    );
    expect(refused(svg('<text>&nbsp;</text>'))).toMatch(/the entity &nbsp; is not declared/);
    expect(refused('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toMatch(
      /^logo is not well-formed XML/,
    );
  });

  it('refuses nesting deeper than 256 levels without reading the rest', () => {
    const deep = svg(`${'<g>'.repeat(100000)}${'</g>'.repeat(100000)}`);
    expect(refused(deep)).toMatch(/elements nested more than 256 levels deep/);
  });

  it('checkLogo answers 422 parameter_invalid at logo, with the message', () => {
    const bytes = new TextEncoder().encode(svg('<script>alert(1)</script>'));
    let thrown: unknown;
    try {
      checkLogo({ content_type: 'image/svg+xml', bytes });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 422, code: 'parameter_invalid', param: 'logo' });
    expect((thrown as ApiError).message).toMatch(/the element <script> \(a script\)/);
    // Sent as application/octet-stream, the bytes show SVG: the same check.
    expect(() => checkLogo({ content_type: null, bytes })).toThrow(/<script>/);
  });
});
