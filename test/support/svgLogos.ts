/** SVG logos for the tests of issue #24 item 6 (`test/xml/staticSvg.test.ts`, `test/http/svgLogo.test.ts`). */

/**
 * A logo as a design tool exports it (plain SVG), using every kind of static content: a style sheet
 * with `url(#…)`, gradients, clipping, a filter, a symbol and `<use href="#a"/>`, text and an embedded
 * PNG.
 */
export const STATIC_LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a design tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1"
     width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="Acme">
  <title>Acme S.L.</title>
  <desc>The Acme logo</desc>
  <defs>
    <style type="text/css"><![CDATA[
      .mark { fill: url(#brand); stroke: #123456; stroke-width: 2 }
      .name { font-family: 'Helvetica Neue', Arial, sans-serif; font-weight: 700 }
    ]]></style>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#0a7"/>
      <stop offset="1" stop-color="#064" stop-opacity="0.9"/>
    </linearGradient>
    <radialGradient id="glow" cx="50%" cy="50%" r="50%" xlink:href="#brand"/>
    <clipPath id="round"><circle cx="40" cy="40" r="36"/></clipPath>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="120%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="2" result="blur"/>
      <feOffset in="blur" dx="1" dy="1" result="moved"/>
      <feMerge><feMergeNode in="moved"/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
    <symbol id="a" viewBox="0 0 10 10"><path d="M0 0L10 5L0 10z"/></symbol>
  </defs>
  <g class="mark" clip-path="url(#round)" filter="url(#shadow)" data-layer="mark">
    <rect x="4" y="4" width="72" height="72" rx="12" fill="url(#glow)"/>
    <path d="M20 60 L40 20 L60 60 Z" fill-rule="evenodd" transform="rotate(5 40 40)"/>
    <polygon points="30,50 40,30 50,50" opacity="0.5"/>
  </g>
  <use href="#a" x="200" y="10" width="20" height="20"/>
  <use xlink:href="#a" x="210" y="40" width="20" height="20"/>
  <text x="90" y="50" class="name" font-size="28" style="fill:#222; letter-spacing: 1px">Acme<tspan dx="4" fill="#0a7">S.L.</tspan></text>
  <image x="200" y="60" width="8" height="8" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="/>
</svg>
`;
