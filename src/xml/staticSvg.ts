/**
 * Whether an SVG is plainly a static image (issue #24 item 6, "uploaded SVG logos keep their scripts"):
 * the check behind SVG account logos (`src/service/accountLogo.ts`).
 *
 * Decision: refuse, not sanitise. A tax library should not silently alter a client's file — a logo is
 * stored and served byte for byte, so what the client sees in their own tools is what appears on their
 * invoices — and the well-kept sanitisers need a DOM (DOMPurify runs on jsdom in Node), while the
 * DOM-free ones strip a list of known-bad constructs (a denylist). So an SVG logo is judged against an
 * allowlist, and anything outside it refuses the upload with 422 `parameter_invalid` at `logo`, naming
 * what was found and where.
 *
 * What passes: the shared XML guards of `./guards.ts` (UTF-8, no DOCTYPE or entity declaration — SVG 2
 * has no DTD —, well-formed references); a root `svg` in the SVG namespace; only the static elements of
 * SVG 1.1 / SVG 2 in the SVG namespace ({@link STATIC_SVG_ELEMENTS}: structure, shapes, text, paint
 * servers, clipping, masking, markers, filter primitives, `image`, `style`); only their core, geometry
 * and presentation attributes ({@link STATIC_SVG_ATTRIBUTES}, plus `data-*`, `aria-*`, `xml:space`,
 * `xml:lang`, `xlink:title`); every `href` / `xlink:href` a same-document fragment (`#id`) or a
 * `data:image/png|jpeg|gif|webp` URI; CSS (the `style` element and attributes, and every attribute
 * value) without `@import`, `javascript:`, `expression(`, bindings, escapes, or a `url(` / resource
 * function reaching anything but a `#fragment`; no processing instruction but the XML declaration.
 *
 * So refused, among others: `script`, `foreignObject`, `iframe` / `embed` / `object`, every `on…`
 * attribute, `a` links, animation (`set`, `animate`, `animateMotion`, `animateTransform`: they can set
 * `href` or event attributes), an external `use`, `<?xml-stylesheet?>`, and elements or attributes in
 * other namespaces (an editor's own data, such as Inkscape's, is refused with a hint to save as plain
 * SVG).
 *
 * @module
 */
import { type SaxesAttributeNS, SaxesParser } from 'saxes';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { documentIssue, guardXmlDocument, wellFormednessFailure, type XmlDocumentPolicy } from './guards.js';
import { XML_MAX_DEPTH } from './parse.js';

/** The SVG namespace. */
export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/**
 * The static elements of SVG 1.1 and SVG 2 an SVG logo may hold (fiscalkit's allowlist, issue #24
 * item 6): structure, shapes, text, paint servers, clipping and masking, markers, filters, raster
 * images (checked `href`) and style sheets (checked CSS). No scripting, animation, interactivity
 * (`a`, `view`, `cursor`), foreign content, fonts or external references.
 *
 * @example
 * ```ts
 * STATIC_SVG_ELEMENTS.has('linearGradient'); // true
 * STATIC_SVG_ELEMENTS.has('script'); // false
 * ```
 */
export const STATIC_SVG_ELEMENTS: ReadonlySet<string> = new Set([
  // Structure and document metadata.
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'metadata',
  'style',
  // Shapes.
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  // Text.
  'text',
  'tspan',
  'textPath',
  // Paint servers, clipping, masking, markers.
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  // Raster images (their `href` is checked).
  'image',
  // Filters.
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/**
 * The attributes (in no namespace) the elements of {@link STATIC_SVG_ELEMENTS} may have: core
 * attributes, conditional processing, geometry and element-specific attributes, and the presentation
 * attributes of SVG 1.1 / SVG 2 (every value is still checked as CSS, so `fill="url(http://…)"` is
 * refused). `data-*` and `aria-*` attributes are allowed beside them.
 *
 * @example
 * ```ts
 * STATIC_SVG_ATTRIBUTES.has('stroke-width'); // true
 * STATIC_SVG_ATTRIBUTES.has('onload'); // false
 * ```
 */
export const STATIC_SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  // Core, styling, conditional processing, accessibility.
  'id',
  'class',
  'style',
  'lang',
  'role',
  'requiredFeatures',
  'requiredExtensions',
  'systemLanguage',
  // The svg element.
  'version',
  'baseProfile',
  'viewBox',
  'preserveAspectRatio',
  'zoomAndPan',
  // Geometry and element-specific attributes.
  'x',
  'y',
  'width',
  'height',
  'rx',
  'ry',
  'cx',
  'cy',
  'r',
  'fx',
  'fy',
  'fr',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'd',
  'pathLength',
  'transform',
  'href',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'path',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'type',
  'media',
  'title',
  // Filters.
  'filterUnits',
  'primitiveUnits',
  'filterRes',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelUnitLength',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  // Presentation attributes.
  'alignment-baseline',
  'baseline-shift',
  'clip',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'direction',
  'display',
  'dominant-baseline',
  'enable-background',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'glyph-orientation-horizontal',
  'glyph-orientation-vertical',
  'image-rendering',
  'isolation',
  'kerning',
  'letter-spacing',
  'lighting-color',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mix-blend-mode',
  'opacity',
  'overflow',
  'paint-order',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'transform-origin',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'word-spacing',
  'writing-mode',
]);

/** Elements refused with a word on why (the rest: "not a static SVG element"). */
const ACTIVE_ELEMENTS: ReadonlyMap<string, string> = new Map([
  ['script', 'a script'],
  ['foreignObject', 'foreign (HTML) content'],
  ['iframe', 'an embedded document'],
  ['embed', 'an embedded document'],
  ['object', 'an embedded document'],
  ['a', 'a link'],
  ['set', 'animation, which can set attributes'],
  ['animate', 'animation, which can set attributes'],
  ['animateMotion', 'animation'],
  ['animateTransform', 'animation'],
  ['animateColor', 'animation'],
  ['discard', 'animation'],
  ['mpath', 'animation'],
  ['handler', 'a script'],
  ['listener', 'an event listener'],
]);

/** CSS that reaches outside the document or runs code: refused wherever CSS is read. */
const ACTIVE_CSS: readonly (readonly [RegExp, string])[] = [
  [/@import/i, '@import'],
  [/javascript:/i, 'a javascript: URL'],
  [/expression\s*\(/i, 'a CSS expression()'],
  [/-moz-binding/i, 'a -moz-binding'],
  [/\bbehavior\s*:/i, 'a behavior property'],
  [/\\/, 'a CSS escape (\\), which a logo does not need and which could hide the rest'],
  [/(?:^|[^\w-])(?:-webkit-)?(?:image-set|image|cross-fade|element|src)\s*\(/i, 'a CSS resource function'],
];

const URL_FUNCTION = /url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi;

/** A same-document fragment, `#id`. */
const FRAGMENT = /^#[^\s#]*$/;

/** A raster image inside the document (`data:image/png;base64,…`). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)(?:;[^,]*)?,/i;

/** Why CSS (a style sheet, a `style` attribute or an attribute value) is not static, or null. */
function cssProblem(css: string): string | null {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const [pattern, what] of ACTIVE_CSS) if (pattern.test(text)) return what;
  URL_FUNCTION.lastIndex = 0;
  for (let match = URL_FUNCTION.exec(text); match !== null; match = URL_FUNCTION.exec(text)) {
    const target = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (!FRAGMENT.test(target)) return `a url(${target}) to something outside the document`;
  }
  // An opening `url(` the expression above did not close is not a fragment either.
  if (/url\s*\(/i.test(text.replace(URL_FUNCTION, ''))) return 'a url( that is not a #fragment';
  return null;
}

/** Why an `href` is not allowed, or null. */
function hrefProblem(value: string): string | null {
  const target = value.trim();
  if (FRAGMENT.test(target) || DATA_IMAGE.test(target)) return null;
  return `a reference to ${JSON.stringify(target.slice(0, 80))}, outside the document (only #id and data:image/png, jpeg, gif or webp are allowed)`;
}

/** The guards' wording for an SVG logo. */
function svgPolicy(param: string, maxBytes: number): XmlDocumentPolicy {
  return {
    param,
    document: 'an SVG image',
    maxBytes,
    maxBytesText: `${String(maxBytes)} bytes`,
    reader: 'fiscalkit',
    reference: 'issue #24',
    conversionHint: 'save the SVG as UTF-8',
    documents: 'SVG 2 images',
  };
}

/** Thrown out of a saxes handler at the first thing that is not static. */
class NotStatic {
  constructor(readonly message: string) {}
}

/**
 * Why an SVG is not plainly a static image — the first element, attribute, style sheet or processing
 * instruction outside the allowlist, with its line — or null when it is one (see the module comment
 * for what is allowed). The bytes are never changed: the caller stores them as they came. Never
 * throws.
 *
 * @param input the SVG, as bytes (a UTF-8 byte-order mark is allowed) or text
 * @param param the param a refusal answers at (`logo`)
 * @param maxBytes the largest SVG read
 *
 * @example
 * ```ts
 * staticSvgIssue('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'); // null
 * staticSvgIssue('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')?.message;
 * // 'logo is not a static SVG image: the event handler attribute onload on <svg> (line 1); …'
 * ```
 */
export function staticSvgIssue(
  input: string | Uint8Array,
  param = 'logo',
  maxBytes = 10485760,
): ValidationIssue | null {
  const bytes =
    typeof input !== 'string' && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf
      ? input.subarray(3)
      : input;
  const guarded = guardXmlDocument(
    typeof bytes === 'string' ? bytes.replace(/^\uFEFF/, '') : bytes,
    svgPolicy(param, maxBytes),
  );
  if (!guarded.success) return guarded.issue;
  const parser = new SaxesParser({ xmlns: true, position: true });
  let depth = 0;
  let style: string | null = null;
  let syntax: string | null = null;
  const refuse = (what: string): never => {
    throw new NotStatic(`${what} (line ${String(parser.line)})`);
  };
  const checkAttribute = (element: string, attribute: SaxesAttributeNS): void => {
    const { uri, local, name, value } = attribute;
    if (uri === XMLNS_NAMESPACE) return;
    if (uri === XLINK_NAMESPACE) {
      if (local === 'href') {
        const problem = hrefProblem(value);
        if (problem !== null) refuse(`${problem}, in ${name} on <${element}>`);
        return;
      }
      if (local === 'title') return;
    } else if (uri === XML_NAMESPACE) {
      if (local === 'space' || local === 'lang') return;
    } else if (uri === '') {
      if (/^on/i.test(local)) refuse(`the event handler attribute ${local} on <${element}>`);
      if (local === 'href') {
        const problem = hrefProblem(value);
        if (problem !== null) refuse(`${problem}, in href on <${element}>`);
        return;
      }
      if (STATIC_SVG_ATTRIBUTES.has(local) || /^(?:data|aria)-[\w.-]+$/.test(local)) {
        if (local === 'type' && element === 'style' && !/^\s*text\/css\s*$/i.test(value))
          refuse(`a style sheet of type ${JSON.stringify(value)} on <style>`);
        const problem = cssProblem(value);
        if (problem !== null) refuse(`${problem}, in the attribute ${local} on <${element}>`);
        return;
      }
      refuse(`the attribute ${local} on <${element}>, which is not a static SVG attribute`);
    }
    refuse(
      `the attribute ${name} on <${element}> in ${uri === '' ? 'no namespace' : `the namespace ${uri}`}, which is not a static SVG attribute (an editor's own data: save the image as plain SVG)`,
    );
  };
  parser.on('error', (error) => {
    syntax ??= error.message;
  });
  parser.on('processinginstruction', (instruction) => {
    refuse(`the processing instruction <?${instruction.target}?>, which can load a style sheet`);
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > XML_MAX_DEPTH)
      refuse(`elements nested more than ${String(XML_MAX_DEPTH)} levels deep (the default limit of libxml2)`);
    if (tag.uri !== SVG_NAMESPACE)
      refuse(
        `the element <${tag.name}> in ${tag.uri === '' ? 'no namespace' : `the namespace ${tag.uri}`}, which is not SVG` +
          (depth === 1
            ? ` (the root must be <svg> in ${SVG_NAMESPACE})`
            : " (foreign content; an editor's own data is left out when the image is saved as plain SVG)"),
      );
    if (depth === 1 && tag.local !== 'svg')
      refuse(`the root element <${tag.local}>; an SVG image has the root <svg>`);
    if (!STATIC_SVG_ELEMENTS.has(tag.local)) {
      const why = ACTIVE_ELEMENTS.get(tag.local);
      refuse(
        why === undefined
          ? `the element <${tag.local}>, which is not a static SVG element`
          : `the element <${tag.local}> (${why})`,
      );
    }
    for (const attribute of Object.values(tag.attributes)) checkAttribute(tag.local, attribute);
    if (tag.local === 'style') style = '';
  });
  const onText = (text: string) => {
    if (style !== null) style += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    depth--;
    if (tag.local === 'style' && style !== null) {
      const problem = cssProblem(style);
      style = null;
      if (problem !== null) refuse(`${problem}, in a <style> sheet`);
    }
  });
  try {
    parser.write(guarded.data).close();
  } catch (failure) {
    if (failure instanceof NotStatic && syntax === null)
      return documentIssue(
        'fiscalkit.svg.static-image',
        param,
        `is not a static SVG image: ${failure.message}; fiscalkit refuses SVG logos with scripts, event handlers, animation, links, foreign content or external references rather than alter them (issue #24)`,
      );
    syntax ??= failure instanceof Error ? failure.message : String(failure);
  }
  if (syntax !== null) return wellFormednessFailure(syntax, param);
  return null;
}
