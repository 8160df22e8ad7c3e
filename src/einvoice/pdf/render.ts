// money-safe-file: page geometry in PDF points (positions, widths, font sizes, colours); every amount here is a string of the view
/**
 * The readable invoice's renderer (`pdf.invoice`, issue #22): lays an {@link InvoiceView} out on A4
 * pages with pdf-lib. Pure: the fonts (and the ICC profile) come in as bytes, nothing is read from
 * disk, and the same view and assets always give the same bytes.
 *
 * The page, top to bottom: the seller (name, address, identifiers) and the document's title and
 * number; the buyer and the dates and references; the lines (position, description with its
 * allowances and charges under it, quantity, unit, unit price, tax, net), the table header repeated
 * on every page the lines continue on; the document-level allowances and charges; the tax breakdown
 * beside the totals box; the taxes in the account's currency with the exchange rate; the payment
 * box; the notes. Every page ends with the seller's legal data and "page x of y". Amounts are
 * right-aligned in their columns; long descriptions wrap within theirs; a character the font does not
 * have prints as `?` (never as the `.notdef` glyph, which PDF/A forbids).
 *
 * @module
 */
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type RGB,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { cachedFontkit, type FontMetrics, fontMetrics, parsedFont } from './fonts.js';
import { finishPdfDocument } from './metadata.js';
import type { AmountRow, InvoiceView, LabelledText, LineView, TaxRowView } from './view.js';

/** The fonts (and colour profile) a PDF is drawn with, as bytes the host supplies. */
export interface PdfAssets {
  /** A TrueType font for the text (it must have the invoice's characters: `ł ś ż ñ ß €`). */
  readonly regular: Uint8Array;
  /** Its bold weight. */
  readonly bold: Uint8Array;
  /** An RGB ICC profile (sRGB): with it the PDF is PDF/A-3B, with its output intent. */
  readonly iccProfile?: Uint8Array | undefined;
}

// ─── Page geometry (points; A4 is 210 × 297 mm) ───────────────────────────────────────────────────

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const LEFT = 48;
const RIGHT = PAGE_WIDTH - 48;
const WIDTH = RIGHT - LEFT;
const TOP = PAGE_HEIGHT - 46;
/** Content stops here; the footer is below. */
const BOTTOM = 74;

const INK = rgb(0.12, 0.14, 0.17);
const MUTED = rgb(0.4, 0.43, 0.48);
const ACCENT = rgb(0.08, 0.27, 0.47);
const RULE = rgb(0.8, 0.83, 0.87);
const BAND = rgb(0.93, 0.95, 0.97);
const BOX = rgb(0.965, 0.972, 0.98);

const BODY = 8.6;
const SMALL = 7.4;
const HEAD = 7.6;

/** A font with its metrics. */
interface Face {
  readonly font: PDFFont;
  readonly metrics: FontMetrics;
}

interface TextStyle {
  readonly face: 'regular' | 'bold';
  readonly size: number;
  readonly color?: RGB;
}

const leading = (size: number) => size * 1.34;

/** A coordinate to 1/100 point: shorter content streams, and no float noise in the output. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** One column of a table: where it is, how its text is aligned, and its header. */
interface Column {
  readonly x: number;
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly header: string;
}

const PAD = 4;

/** The pages being drawn and the cursor on the current one. */
class Canvas {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The top of the free space on the current page. */
  y = TOP;
  /** Drawn at the top of every page after the first (and, inside a table, its header). */
  continuation: (() => void) | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly faces: { readonly regular: Face; readonly bold: Face },
  ) {}

  addPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = TOP;
    if (this.pages.length > 1) this.continuation?.();
  }

  /** Draws on an earlier page again (the footers, once the page count is known). */
  usePage(page: PDFPage): void {
    this.page = page;
  }

  /** Makes room for `height` points, on a new page when this one has not enough. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM && this.y < TOP - 1) this.addPage();
  }

  face(style: TextStyle): Face {
    return this.faces[style.face];
  }

  width(text: string, style: TextStyle): number {
    return this.face(style).metrics.width(text, style.size);
  }

  /** Each page's resource name of each face (registered on first use on the page). */
  private readonly fontKeys = new Map<PDFPage, Map<Face, PDFName>>();

  /**
   * Text with its top at `top`, from `x` (left) or ending at `x` (right). Written as a few content
   * operators (`BT rg Tf Td Tj ET`) rather than through `PDFPage.drawText`, which adds a graphics
   * state, a text matrix and checks per call: a 300-line invoice draws thousands of texts.
   */
  text(text: string, x: number, top: number, style: TextStyle, align: 'left' | 'right' = 'left'): void {
    if (text === '') return;
    const face = this.face(style);
    const printable = face.metrics.printable(text);
    const left = align === 'right' ? x - face.metrics.width(printable, style.size) : x;
    let keys = this.fontKeys.get(this.page);
    if (keys === undefined) {
      keys = new Map();
      this.fontKeys.set(this.page, keys);
    }
    let key = keys.get(face);
    if (key === undefined) {
      key = this.page.node.newFontDictionary(face.font.name, face.font.ref);
      keys.set(face, key);
    }
    const color = style.color ?? INK;
    this.page.pushOperators(
      beginText(),
      setFillingRgbColor(color.red, color.green, color.blue),
      setFontAndSize(key, style.size),
      moveText(round2(left), round2(top - style.size * face.metrics.ascent * 0.92)),
      showText(face.font.encodeText(printable)),
      endText(),
    );
  }

  /** The lines `text` wraps into at `width` (words kept whole unless one alone is wider). */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const metrics = this.face(style).metrics;
    const fits = (candidate: string) => metrics.width(candidate, style.size) <= width;
    const lines: string[] = [];
    for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
      let line = '';
      for (const word of metrics.printable(paragraph).split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        if (fits(word)) {
          line = word;
          continue;
        }
        // A word wider than the column (a long reference, a URL): cut where the width runs out, one
        // measure per character.
        let piece = '';
        let pieceWidth = 0;
        for (const char of word) {
          const charWidth = metrics.width(char, style.size);
          if (piece !== '' && pieceWidth + charWidth > width) {
            lines.push(piece);
            piece = '';
            pieceWidth = 0;
          }
          piece += char;
          pieceWidth += charWidth;
        }
        line = piece;
      }
      lines.push(line);
    }
    return lines;
  }

  rule(y: number, from = LEFT, to = RIGHT, color: RGB = RULE, thickness = 0.6): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }

  fill(x: number, top: number, width: number, height: number, color: RGB): void {
    this.page.drawRectangle({ x, y: top - height, width, height, color });
  }
}

// ─── Blocks ───────────────────────────────────────────────────────────────────────────────────────

function header(canvas: Canvas, view: InvoiceView): void {
  const top = canvas.y;
  const titleStyle: TextStyle = { face: 'bold', size: 21, color: ACCENT };
  canvas.text(view.title, RIGHT, top, titleStyle, 'right');
  canvas.text(view.number, RIGHT, top - leading(21), { face: 'bold', size: 11.5 }, 'right');
  const leftWidth = WIDTH - Math.max(canvas.width(view.title, titleStyle), 150) - 24;
  let y = top;
  for (const line of canvas.wrap(view.seller.name, { face: 'bold', size: 13.5 }, leftWidth)) {
    canvas.text(line, LEFT, y, { face: 'bold', size: 13.5 });
    y -= leading(13.5);
  }
  y -= 2;
  const small: TextStyle = { face: 'regular', size: BODY, color: MUTED };
  for (const line of view.seller.address) {
    for (const wrapped of canvas.wrap(line, small, leftWidth)) {
      canvas.text(wrapped, LEFT, y, small);
      y -= leading(BODY);
    }
  }
  for (const entry of view.seller.details) {
    canvas.text(`${entry.label} ${entry.value}`, LEFT, y, small);
    y -= leading(BODY);
  }
  canvas.y = Math.min(y, top - leading(21) - leading(11.5)) - 10;
  canvas.rule(canvas.y, LEFT, RIGHT, ACCENT, 1.1);
  canvas.y -= 16;
}

/** The header of the pages after the first: the seller and the document, and a rule. */
function continuationHeader(canvas: Canvas, view: InvoiceView): void {
  const style: TextStyle = { face: 'bold', size: 9 };
  canvas.text(view.seller.name, LEFT, canvas.y, style);
  canvas.text(`${view.title} ${view.number} (${view.labels.continued})`, RIGHT, canvas.y, style, 'right');
  canvas.y -= leading(9) + 4;
  canvas.rule(canvas.y, LEFT, RIGHT, ACCENT, 0.8);
  canvas.y -= 12;
}

/** The width of the widest label of `rows` (plus a gap), at most `maximum`. */
function labelColumn(canvas: Canvas, rows: readonly LabelledText[], maximum: number): number {
  const style: TextStyle = { face: 'regular', size: BODY, color: MUTED };
  return Math.min(maximum, Math.max(0, ...rows.map((row) => canvas.width(row.label, style))) + 10);
}

/** Label: value rows in two columns (a label column and a value column, both wrapping); returns the height. */
function labelledRows(
  canvas: Canvas,
  rows: readonly LabelledText[],
  x: number,
  top: number,
  labelWidth: number,
  valueWidth: number,
  draw: boolean,
  valueStyle: TextStyle = { face: 'regular', size: BODY },
): number {
  let y = top;
  const labelStyle: TextStyle = { face: 'regular', size: BODY, color: MUTED };
  for (const row of rows) {
    const labels = canvas.wrap(row.label, labelStyle, labelWidth - 8);
    const values = canvas.wrap(row.value, valueStyle, valueWidth);
    const lines = Math.max(labels.length, values.length);
    if (draw) {
      for (const [index, line] of labels.entries())
        canvas.text(line, x, y - index * leading(BODY), labelStyle);
      for (const [index, line] of values.entries())
        canvas.text(line, x + labelWidth, y - index * leading(BODY), valueStyle);
    }
    y -= lines * leading(BODY) + 1.5;
  }
  return top - y;
}

function partiesAndDetails(canvas: Canvas, view: InvoiceView): void {
  const top = canvas.y;
  const leftWidth = 250;
  let y = top;
  if (view.buyer !== null) {
    canvas.text(view.labels.buyer.toUpperCase(), LEFT, y, { face: 'bold', size: HEAD, color: MUTED });
    y -= leading(HEAD) + 2;
    for (const line of canvas.wrap(view.buyer.name, { face: 'bold', size: 10.5 }, leftWidth)) {
      canvas.text(line, LEFT, y, { face: 'bold', size: 10.5 });
      y -= leading(10.5);
    }
    for (const line of view.buyer.address)
      for (const wrapped of canvas.wrap(line, { face: 'regular', size: BODY }, leftWidth)) {
        canvas.text(wrapped, LEFT, y, { face: 'regular', size: BODY });
        y -= leading(BODY);
      }
    y -= 2;
    const labelWidth = labelColumn(canvas, view.buyer.details, 110);
    y -= labelledRows(canvas, view.buyer.details, LEFT, y, labelWidth, leftWidth - labelWidth, true);
  }
  const detailsX = LEFT + leftWidth + 34;
  const labelWidth = labelColumn(canvas, view.details, 120);
  const height = labelledRows(
    canvas,
    view.details,
    detailsX,
    top,
    labelWidth,
    RIGHT - detailsX - labelWidth,
    true,
  );
  canvas.y = Math.min(y, top - height) - 16;
}

/** The line table's columns: description takes what the fixed columns leave. */
function lineColumns(view: InvoiceView, canvas: Canvas): Column[] {
  const { labels } = view;
  const head: TextStyle = { face: 'bold', size: HEAD };
  const body: TextStyle = { face: 'regular', size: BODY };
  // A column is as wide as its widest value (each line of it) and each word of its header, within
  // bounds; the description takes the rest.
  const widest = (header: string, values: readonly string[], minimum: number, maximum: number) => {
    // The header on one line when that fits within the bound, else each of its words.
    let width = canvas.width(header, head) + 2 * PAD + 1 <= maximum ? canvas.width(header, head) : 0;
    for (const word of header.split(' ')) width = Math.max(width, canvas.width(word, head));
    for (const value of values)
      for (const line of value.split('\n')) width = Math.max(width, canvas.width(line, body));
    return Math.min(Math.max(width + 2 * PAD + 1, minimum), maximum);
  };
  const lines = view.lines;
  const netHeader = `${labels.net} (${view.currency})`;
  const position = widest(
    '',
    lines.map((line) => line.position),
    18,
    34,
  );
  const quantity = widest(
    labels.quantity,
    lines.map((line) => line.quantity),
    36,
    70,
  );
  const unit = view.has_units
    ? widest(
        labels.unit,
        lines.map((line) => line.unit),
        30,
        62,
      )
    : 0;
  const price = widest(
    labels.unit_price,
    lines.map((line) => line.unit_price),
    50,
    96,
  );
  const tax = widest(
    labels.line_tax,
    lines.map((line) => line.taxes),
    34,
    80,
  );
  const net = widest(
    netHeader,
    lines.map((line) => line.net),
    56,
    96,
  );
  const description = WIDTH - position - quantity - unit - price - tax - net;
  const columns: Column[] = [];
  let x = LEFT;
  const add = (width: number, align: 'left' | 'right', header: string) => {
    columns.push({ x, width, align, header });
    x += width;
  };
  add(position, 'left', '#');
  add(description, 'left', labels.description);
  add(quantity, 'right', labels.quantity);
  if (view.has_units) add(unit, 'left', labels.unit);
  add(price, 'right', labels.unit_price);
  add(tax, 'right', labels.line_tax);
  add(net, 'right', netHeader);
  return columns;
}

function tableHeader(canvas: Canvas, columns: readonly Column[], left = LEFT, right = RIGHT): void {
  const style: TextStyle = { face: 'bold', size: HEAD, color: MUTED };
  const rows = columns.map((column) => canvas.wrap(column.header, style, column.width - 2 * PAD));
  const height = Math.max(...rows.map((lines) => lines.length)) * leading(HEAD) + 8;
  canvas.fill(left, canvas.y, right - left, height, BAND);
  columns.forEach((column, index) => {
    (rows[index] ?? []).forEach((line, row) => {
      const x = column.align === 'right' ? column.x + column.width - PAD : column.x + PAD;
      canvas.text(line, x, canvas.y - 4 - row * leading(HEAD), style, column.align);
    });
  });
  canvas.y -= height;
}

/** The cells of a table row: each a list of lines with a style; the row's height is the tallest cell's. */
interface Cell {
  readonly lines: readonly { readonly text: string; readonly style: TextStyle }[];
}

function cellOf(canvas: Canvas, text: string, style: TextStyle, width: number): Cell {
  return { lines: canvas.wrap(text, style, width).map((line) => ({ text: line, style })) };
}

function cellHeight(cell: Cell): number {
  return cell.lines.reduce((height, line) => height + leading(line.style.size), 0);
}

/** Space above and below a row's text. */
const ROW_PADDING = 5.5;

function drawRow(
  canvas: Canvas,
  columns: readonly Column[],
  cells: readonly Cell[],
  left = LEFT,
  right = RIGHT,
): void {
  const height = rowHeight(cells);
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (column === undefined) return;
    let y = canvas.y - ROW_PADDING / 2;
    for (const line of cell.lines) {
      const x = column.align === 'right' ? column.x + column.width - PAD : column.x + PAD;
      canvas.text(line.text, x, y, line.style, column.align);
      y -= leading(line.style.size);
    }
  });
  canvas.y -= height;
  canvas.rule(canvas.y, left, right);
}

/** Rows up to this tall (about ten lines) are never cut between pages. */
const KEEP_TOGETHER = 120;

/**
 * A row on the current page when it fits there; else, when it is a few lines, on the next page; else
 * (a long description) cut between its lines, from here across as many pages as it takes, each part
 * with the rows' rule below it.
 */
function drawRowAcrossPages(canvas: Canvas, columns: readonly Column[], cells: readonly Cell[]): void {
  let rest = cells;
  for (;;) {
    const height = rowHeight(rest);
    if (canvas.y - height >= BOTTOM) {
      drawRow(canvas, columns, rest);
      return;
    }
    // A row of a few lines moves to the next page whole; a tall one starts here and goes on there.
    const room = canvas.y - BOTTOM - ROW_PADDING;
    if (height <= KEEP_TOGETHER || room < leading(BODY) * 3) {
      canvas.addPage();
      if (height <= canvas.y - BOTTOM) continue;
    }
    const fits = canvas.y - BOTTOM - ROW_PADDING;
    const head: Cell[] = [];
    const tail: Cell[] = [];
    for (const cell of rest) {
      let used = 0;
      let count = 0;
      for (const line of cell.lines) {
        if (used + leading(line.style.size) > fits) break;
        used += leading(line.style.size);
        count++;
      }
      head.push({ lines: cell.lines.slice(0, count) });
      tail.push({ lines: cell.lines.slice(count) });
    }
    drawRow(canvas, columns, head);
    if (tail.every((cell) => cell.lines.length === 0)) return;
    canvas.addPage();
    rest = tail;
  }
}

function rowHeight(cells: readonly Cell[]): number {
  return Math.max(...cells.map(cellHeight)) + ROW_PADDING;
}

function lineCells(canvas: Canvas, view: InvoiceView, line: LineView, columns: readonly Column[]): Cell[] {
  const body: TextStyle = { face: 'regular', size: BODY };
  const note: TextStyle = { face: 'regular', size: SMALL, color: MUTED };
  const inner = (index: number) => (columns[index]?.width ?? 0) - 2 * PAD;
  const description = cellOf(canvas, line.description, body, inner(1));
  const notes = line.notes.flatMap((text) => cellOf(canvas, text, note, inner(1)).lines);
  const cells: Cell[] = [
    cellOf(canvas, line.position, { face: 'regular', size: BODY, color: MUTED }, inner(0)),
    { lines: [...description.lines, ...notes] },
    cellOf(canvas, line.quantity, body, inner(2)),
  ];
  let next = 3;
  if (view.has_units) cells.push(cellOf(canvas, line.unit, body, inner(next++)));
  cells.push(cellOf(canvas, line.unit_price, body, inner(next++)));
  cells.push(cellOf(canvas, line.taxes, body, inner(next++)));
  cells.push(cellOf(canvas, line.net, { face: 'bold', size: BODY }, inner(next)));
  return cells;
}

function linesTable(canvas: Canvas, view: InvoiceView): void {
  const columns = lineColumns(view, canvas);
  const pageHeader = canvas.continuation;
  canvas.continuation = () => {
    pageHeader?.();
    tableHeader(canvas, columns);
  };
  const rows = view.lines.map((line) => lineCells(canvas, view, line, columns));
  // The header never stands alone at the foot of a page: it goes where its first row (or a good part
  // of it) fits.
  canvas.ensure(leading(HEAD) * 2 + 8 + Math.min(rowHeight(rows[0] ?? []), KEEP_TOGETHER));
  tableHeader(canvas, columns);
  for (const cells of rows) drawRowAcrossPages(canvas, columns, cells);
  canvas.continuation = pageHeader;
  canvas.y -= 14;
}

function sectionTitle(canvas: Canvas, title: string, x = LEFT): void {
  canvas.text(title.toUpperCase(), x, canvas.y, { face: 'bold', size: HEAD, color: ACCENT });
  canvas.y -= leading(HEAD) + 3;
}

function allowanceCharges(canvas: Canvas, view: InvoiceView): void {
  if (view.allowance_charges.length === 0) return;
  const { labels } = view;
  const columns: Column[] = [
    { x: LEFT, width: WIDTH - 200, align: 'left', header: labels.description },
    { x: RIGHT - 200, width: 110, align: 'right', header: labels.line_tax },
    { x: RIGHT - 90, width: 90, align: 'right', header: `${labels.net} (${view.currency})` },
  ];
  const body: TextStyle = { face: 'regular', size: BODY };
  canvas.ensure(50);
  sectionTitle(canvas, labels.allowances_charges);
  tableHeader(canvas, columns);
  const inner = (index: number) => (columns[index]?.width ?? 0) - 2 * PAD;
  for (const entry of view.allowance_charges) {
    const cells = [
      cellOf(canvas, entry.label, body, inner(0)),
      cellOf(canvas, entry.taxes, body, inner(1)),
      cellOf(canvas, entry.amount, body, inner(2)),
    ];
    canvas.ensure(rowHeight(cells));
    drawRow(canvas, columns, cells);
  }
  canvas.y -= 14;
}

/** The tax table's columns at `x`, `width` wide: the amount columns as wide as their header's words need. */
function taxColumns(canvas: Canvas, view: InvoiceView, x: number, width: number): Column[] {
  const { labels } = view;
  const head: TextStyle = { face: 'bold', size: HEAD };
  const columnFor = (header: string, minimum: number) =>
    Math.max(minimum, ...header.split(' ').map((word) => canvas.width(word, head) + 2 * PAD + 1));
  const rateWidth = columnFor(labels.rate, 44);
  const baseWidth = columnFor(labels.base, 66);
  const amountWidth = columnFor(labels.tax_amount, 66);
  const nameWidth = width - rateWidth - baseWidth - amountWidth;
  return [
    { x, width: nameWidth, align: 'left', header: labels.tax },
    { x: x + nameWidth, width: rateWidth, align: 'right', header: labels.rate },
    { x: x + nameWidth + rateWidth, width: baseWidth, align: 'right', header: labels.base },
    {
      x: x + nameWidth + rateWidth + baseWidth,
      width: amountWidth,
      align: 'right',
      header: labels.tax_amount,
    },
  ];
}

function taxCells(canvas: Canvas, row: TaxRowView, columns: readonly Column[]): Cell[] {
  const body: TextStyle = { face: 'regular', size: BODY };
  const note: TextStyle = { face: 'regular', size: SMALL, color: MUTED };
  const inner = (index: number) => (columns[index]?.width ?? 0) - 2 * PAD;
  const name = cellOf(canvas, row.name, body, inner(0));
  const mention = row.note === '' ? [] : cellOf(canvas, row.note, note, inner(0)).lines;
  return [
    { lines: [...name.lines, ...mention] },
    cellOf(canvas, row.rate, body, inner(1)),
    cellOf(canvas, row.base, body, inner(2)),
    cellOf(canvas, row.amount, body, inner(3)),
  ];
}

/** The height of a tax table (title, header, rows). */
function taxTableHeight(canvas: Canvas, rows: readonly TaxRowView[], columns: readonly Column[]): number {
  const head = leading(HEAD) + 8;
  return (
    leading(HEAD) +
    3 +
    head +
    rows.reduce((height, row) => height + rowHeight(taxCells(canvas, row, columns)), 0)
  );
}

function taxTable(
  canvas: Canvas,
  title: string,
  rows: readonly TaxRowView[],
  columns: readonly Column[],
): void {
  const first = columns[0];
  const last = columns[columns.length - 1];
  if (first === undefined || last === undefined) return;
  const right = last.x + last.width;
  sectionTitle(canvas, title, first.x);
  tableHeader(canvas, columns, first.x, right);
  for (const row of rows) drawRow(canvas, columns, taxCells(canvas, row, columns), first.x, right);
}

/** The totals box (label left, amount right; the amount due on a band), returning its height. */
function totalsBox(
  canvas: Canvas,
  rows: readonly AmountRow[],
  x: number,
  width: number,
  draw: boolean,
): number {
  let y = canvas.y;
  for (const row of rows) {
    const strong = row.strong === true;
    const size = strong ? 10.5 : BODY;
    const labelStyle: TextStyle = { face: strong ? 'bold' : 'regular', size, color: strong ? ACCENT : MUTED };
    const valueStyle: TextStyle = { face: 'bold', size, color: strong ? ACCENT : INK };
    const labels = canvas.wrap(row.label, labelStyle, width - canvas.width(row.value, valueStyle) - 3 * PAD);
    const height = labels.length * leading(size) + (strong ? 9 : 4);
    if (strong) {
      y -= 3;
      if (draw) canvas.fill(x, y, width, height, BAND);
    }
    if (draw) {
      for (const [index, line] of labels.entries())
        canvas.text(line, x + PAD, y - (strong ? 4.5 : 2) - index * leading(size), labelStyle);
      canvas.text(row.value, x + width - PAD, y - (strong ? 4.5 : 2), valueStyle, 'right');
      if (!strong) canvas.rule(y - height, x, x + width);
    }
    y -= height;
  }
  return canvas.y - y;
}

function taxesAndTotals(canvas: Canvas, view: InvoiceView): void {
  const totalsWidth = 200;
  const totalsX = RIGHT - totalsWidth;
  const taxWidth = totalsX - LEFT - 24;
  const columns = taxColumns(canvas, view, LEFT, taxWidth);
  const taxHeight = view.taxes.length === 0 ? 0 : taxTableHeight(canvas, view.taxes, columns);
  const totalsHeight = totalsBox(canvas, view.totals, totalsX, totalsWidth, false) + leading(HEAD) + 3;
  canvas.ensure(Math.max(taxHeight, totalsHeight));
  const top = canvas.y;
  if (view.taxes.length > 0) taxTable(canvas, view.labels.tax_breakdown, view.taxes, columns);
  const afterTaxes = canvas.y;
  canvas.y = top;
  sectionTitle(canvas, view.labels.totals, totalsX);
  canvas.y -= totalsBox(canvas, view.totals, totalsX, totalsWidth, true);
  canvas.y = Math.min(canvas.y, afterTaxes) - 16;
}

function localCurrency(canvas: Canvas, view: InvoiceView): void {
  const local = view.local;
  if (local === null) return;
  const totalsWidth = 200;
  const totalsX = RIGHT - totalsWidth;
  const columns = taxColumns(canvas, view, LEFT, totalsX - LEFT - 24);
  const rate = `${local.exchange_rate.label}: ${local.exchange_rate.value}`;
  const height = Math.max(
    taxTableHeight(canvas, local.taxes, columns),
    totalsBox(canvas, local.totals, totalsX, totalsWidth, false) + leading(BODY) + 6,
  );
  canvas.ensure(height);
  const top = canvas.y;
  taxTable(canvas, local.title, local.taxes, columns);
  const afterTaxes = canvas.y;
  canvas.y = top;
  canvas.text(rate, totalsX + PAD, canvas.y, { face: 'bold', size: BODY, color: ACCENT });
  canvas.y -= leading(BODY) + 6;
  canvas.y -= totalsBox(canvas, local.totals, totalsX, totalsWidth, true);
  canvas.y = Math.min(canvas.y, afterTaxes) - 16;
}

/** The payment box: how to pay on the left (means, IBAN, BIC), when and what on the right (due date, reference, amount). */
function paymentBox(canvas: Canvas, view: InvoiceView): void {
  const groups = [view.payment_account, view.payment_terms].filter((rows) => rows.length > 0);
  if (groups.length === 0) return;
  const available = WIDTH - 24 - 16 * (groups.length - 1);
  const value: TextStyle = { face: 'bold', size: BODY };
  // Each column as wide as its labels and longest value need (an IBAN on one line), the space left
  // shared out; scaled down together when the two do not fit side by side.
  const needs = groups.map((rows) => {
    const labelWidth = labelColumn(canvas, rows, 120);
    return {
      rows,
      labelWidth,
      need: labelWidth + Math.max(...rows.map((row) => canvas.width(row.value, value))) + 2,
    };
  });
  const total = needs.reduce((sum, column) => sum + column.need, 0);
  const layout = needs.map((column) => {
    const width =
      total > available
        ? (column.need * available) / total
        : column.need + (available - total) / needs.length;
    const labelWidth = Math.min(column.labelWidth, width / 2);
    return {
      ...column,
      width,
      labelWidth,
      height: labelledRows(canvas, column.rows, 0, 0, labelWidth, width - labelWidth, false, value),
    };
  });
  const height = Math.max(...layout.map((column) => column.height)) + leading(HEAD) + 3 + 20;
  canvas.ensure(height);
  const top = canvas.y;
  canvas.fill(LEFT, top, WIDTH, height, BOX);
  canvas.fill(LEFT, top, 2.2, height, ACCENT);
  canvas.y -= 10;
  sectionTitle(canvas, view.labels.payment, LEFT + 12);
  let x = LEFT + 12;
  for (const column of layout) {
    labelledRows(
      canvas,
      column.rows,
      x,
      canvas.y,
      column.labelWidth,
      column.width - column.labelWidth,
      true,
      value,
    );
    x += column.width + 16;
  }
  canvas.y = top - height - 16;
}

function notes(canvas: Canvas, view: InvoiceView): void {
  if (view.notes.length === 0) return;
  const style: TextStyle = { face: 'regular', size: BODY };
  canvas.ensure(leading(HEAD) + 3 + leading(BODY));
  sectionTitle(canvas, view.labels.notes);
  for (const note of view.notes) {
    for (const line of canvas.wrap(note, style, WIDTH)) {
      canvas.ensure(leading(BODY));
      canvas.text(line, LEFT, canvas.y, style);
      canvas.y -= leading(BODY);
    }
    canvas.y -= 4;
  }
}

/** The foot of every page: the seller's legal data, and "page x of y" (known once all are drawn). */
function footers(canvas: Canvas, view: InvoiceView): void {
  const style: TextStyle = { face: 'regular', size: 6.8, color: MUTED };
  const total = String(canvas.pages.length);
  canvas.pages.forEach((page, index) => {
    canvas.usePage(page);
    canvas.rule(56, LEFT, RIGHT, RULE, 0.6);
    const label = view.labels.page.replace('{page}', String(index + 1)).replace('{pages}', total);
    const labelWidth = canvas.width(label, style) + 16;
    let y = 50;
    for (const line of view.footer
      .flatMap((text) => canvas.wrap(text, style, WIDTH - labelWidth))
      .slice(0, 3)) {
      canvas.text(line, LEFT, y, style);
      y -= leading(6.8);
    }
    canvas.text(label, RIGHT, 50, style, 'right');
  });
}

// ─── The document ─────────────────────────────────────────────────────────────────────────────────

/**
 * Draws the invoice's pages into a new pdf-lib document, with the fonts embedded as subsets (their
 * names carry a fixed subset tag, ISO 32000-1 §9.6.4, so the output does not depend on pdf-lib's
 * random font-name suffix). The document has no Info, metadata or `/ID` yet: {@link renderInvoicePdf}
 * and the Factur-X writer add their own.
 *
 * @example
 * ```ts
 * const doc = await drawInvoice(view, assets);
 * doc.getPageCount(); // 1
 * ```
 */
export async function drawInvoice(view: InvoiceView, assets: PdfAssets): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachedFontkit);
  const embed = async (bytes: Uint8Array, tag: string): Promise<Face> => {
    const parsed = parsedFont(bytes);
    const font = await doc.embedFont(bytes, {
      subset: true,
      customName: `${tag}+${parsed.postscriptName ?? 'Font'}`,
    });
    return { font, metrics: fontMetrics(parsed) };
  };
  const canvas = new Canvas(doc, {
    regular: await embed(assets.regular, 'FKAAAA'),
    bold: await embed(assets.bold, 'FKAAAB'),
  });
  canvas.continuation = () => continuationHeader(canvas, view);
  canvas.addPage();
  header(canvas, view);
  partiesAndDetails(canvas, view);
  linesTable(canvas, view);
  allowanceCharges(canvas, view);
  taxesAndTotals(canvas, view);
  localCurrency(canvas, view);
  paymentBox(canvas, view);
  notes(canvas, view);
  footers(canvas, view);
  return doc;
}

/**
 * The readable invoice as PDF bytes (`pdf.invoice`): the view drawn on A4 pages
 * (`drawInvoice`), with its Info and XMP metadata, its document `/ID`, and — when the assets
 * carry an ICC profile — the sRGB output intent and the PDF/A-3B identification. The same view and
 * assets give the same bytes.
 *
 * @example
 * ```ts
 * const view = invoiceView({ invoice, account, contact });
 * if (view.success) await renderInvoicePdf(view.data, await loadPdfAssets()); // Uint8Array '%PDF-1.7…'
 * ```
 */
export async function renderInvoicePdf(view: InvoiceView, assets: PdfAssets): Promise<Uint8Array> {
  const doc = await drawInvoice(view, assets);
  finishPdfDocument(doc, view.document, { iccProfile: assets.iccProfile });
  return doc.save({ useObjectStreams: true });
}
