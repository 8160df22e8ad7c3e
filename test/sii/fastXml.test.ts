import fc from 'fast-check';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { describe, expect, it } from 'vitest';
import { isAsciiName, NO_ATTRIBUTES, scanXml } from '../../src/sii/validator/fastXml.js';
import { applyXmlTextEdits, xmlTextEditsArb } from '../support/xmlMutations.js';

const NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws';
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${NS}/SuministroLR.xsd" xmlns:sii='${NS}/SuministroInformacion.xsd'>
  <sii:Cabecera>
    <sii:IDVersionSii>1.1</sii:IDVersionSii>
    <sii:Titular><sii:NombreRazon>Mercader&#237;as &amp; &lt;servicios&gt; &#x1F600; "S.L."</sii:NombreRazon><sii:NIF>B12345674</sii:NIF></sii:Titular>
    <sii:Vacio/>
  </sii:Cabecera >
</siiLR:SuministroLRFacturasEmitidas>
`;

/** The events of saxes (the reference), text inside the root merged; null when saxes fails. */
function saxesEvents(xml: string): string[] | null {
  const parser = new SaxesParser();
  const events: string[] = [];
  let text = '';
  let depth = 0;
  const flush = () => {
    if (text !== '') events.push(`text ${text}`);
    text = '';
  };
  parser.on('opentag', (tag: SaxesTagPlain) => {
    flush();
    depth += 1;
    events.push(`open ${tag.name} ${JSON.stringify(Object.entries(tag.attributes))}`);
  });
  parser.on('text', (chunk) => {
    if (depth > 0) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    flush();
    depth -= 1;
    events.push('close');
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  return events;
}

/** The events of the fast scan, with the name check its contract asks of the handler; null when it gives up. */
function fastEvents(xml: string): string[] | null {
  const events: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') events.push(`text ${text}`);
    text = '';
  };
  const refused = Symbol('not a name');
  try {
    const complete = scanXml(xml, {
      open(name, attributes) {
        if (!isAsciiName(name)) throw refused;
        flush();
        events.push(`open ${name} ${JSON.stringify(Object.entries(attributes))}`);
      },
      text(chunk) {
        text += chunk;
      },
      close() {
        flush();
        events.push('close');
      },
    });
    return complete ? events : null;
  } catch (error) {
    if (error === refused) return null;
    throw error;
  }
}

/** Up to three edits of the plain document at arbitrary places. */
const mutatedDocumentArb = xmlTextEditsArb.map((edits) => applyXmlTextEdits(DOCUMENT, edits));

describe('the fast XML scan', () => {
  it('reports what saxes reports on the plain document', () => {
    expect(fastEvents(DOCUMENT)).toEqual(saxesEvents(DOCUMENT));
    expect(fastEvents(DOCUMENT)).toContain('text Mercaderías & <servicios> 😀 "S.L."');
  });

  it('never finishes a document saxes refuses, and then reports exactly what saxes reports', () => {
    let finished = 0;
    fc.assert(
      fc.property(mutatedDocumentArb, (xml) => {
        const fast = fastEvents(xml);
        if (fast === null) return;
        finished += 1;
        expect(fast, JSON.stringify(xml)).toEqual(saxesEvents(xml));
      }),
      { numRuns: 3000 },
    );
    expect(finished).toBeGreaterThan(300);
  });

  it.each([
    ['a comment', '<a><!-- x --></a>'],
    ['a CDATA section', '<a><![CDATA[x]]></a>'],
    ['a processing instruction', '<a><?pi x?></a>'],
    ['a DOCTYPE', '<!DOCTYPE a><a/>'],
    ['a carriage return', '<a>\r\n</a>'],
    ['a non-ASCII name', '<año/>'],
    ['an attribute with a reference', '<a b="&amp;"/>'],
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a byte order mark', '\ufeff<a/>'],
  ])('gives up on %s (saxes decides)', (_, xml) => {
    expect(fastEvents(xml)).toBeNull();
  });

  it('shares one object for the attributes of every element without any', () => {
    const seen: unknown[] = [];
    scanXml('<a x="1"><b/><c></c></a>', {
      open: (_, attributes) => seen.push(attributes),
      text() {},
      close() {},
    });
    expect(seen.map((attributes) => attributes === NO_ATTRIBUTES)).toEqual([false, true, true]);
  });
});
