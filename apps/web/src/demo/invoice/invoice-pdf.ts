/**
 * The invoice as a PDF, made with pdfmake when "Download" is clicked. pdfmake and its
 * fonts (~1 MB) are fetched by dynamic import only when Download is clicked, so neither the
 * invoice screens nor any other chunk carry them. The document mirrors the preview: seller and
 * invoice dates, client and payment details, the items, the totals and the note; texts come
 * translated and amounts formatted from the caller.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type * as PdfMakeModule from 'pdfmake/build/pdfmake';
import type { TInvoice, TPaymentDetails } from './schema.ts';

/** Every text of the document, in the UI language. */
export interface InvoicePdfTexts {
  title: string;
  dateIssued: string;
  dueDate: string;
  invoiceTo: string;
  paymentDetails: string;
  totalDue: string;
  bankName: string;
  country: string;
  iban: string;
  swiftCode: string;
  item: string;
  description: string;
  cost: string;
  qty: string;
  price: string;
  subtotal: string;
  total: string;
  balance: string;
  note: string;
  defaultNote: string;
}

export interface InvoicePdfInput {
  invoice: TInvoice;
  paymentDetails: TPaymentDetails;
  seller: { name: string; lines: readonly string[] };
  texts: InvoicePdfTexts;
  money: (amount: number) => string;
  date: (isoDate: string) => string;
  balance: number;
}

/** The pdfmake document of an invoice (a pure function, so it can be tested without pdfmake). */
export function invoiceDocument({ invoice, paymentDetails, seller, texts, money, date, balance }: InvoicePdfInput): TDocumentDefinitions {
  const rows: Content[][] = invoice.items.map((item) => [
    { text: item.name, bold: true },
    item.description,
    { text: money(item.cost), alignment: 'right' },
    { text: String(item.qty), alignment: 'right' },
    { text: money(item.cost * item.qty), alignment: 'right' },
  ]);
  const header: Content[] = [
    { text: texts.item, bold: true },
    { text: texts.description, bold: true },
    { text: texts.cost, bold: true, alignment: 'right' },
    { text: texts.qty, bold: true, alignment: 'right' },
    { text: texts.price, bold: true, alignment: 'right' },
  ];
  return {
    info: { title: `${texts.title} #${invoice.id}` },
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { fontSize: 10, lineHeight: 1.25 },
    styles: { heading: { fontSize: 18, bold: true }, label: { bold: true, margin: [0, 0, 0, 4] }, muted: { color: '#666666' } },
    content: [
      {
        columns: [
          [{ text: seller.name, style: 'heading' }, ...seller.lines.map((line) => ({ text: line, style: 'muted' }))],
          [
            { text: `${texts.title} #${invoice.id}`, style: 'heading', alignment: 'right' },
            { text: `${texts.dateIssued}: ${date(invoice.issuedDate)}`, alignment: 'right' },
            { text: `${texts.dueDate}: ${date(invoice.dueDate)}`, alignment: 'right' },
          ],
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 12, x2: 515, y2: 12, lineWidth: 0.5, lineColor: '#cccccc' }], margin: [0, 0, 0, 16] },
      {
        columns: [
          [
            { text: texts.invoiceTo, style: 'label' },
            invoice.client.name,
            invoice.client.company,
            invoice.client.address,
            invoice.client.country,
            invoice.client.contact,
            invoice.client.companyEmail,
          ],
          [
            { text: texts.paymentDetails, style: 'label' },
            `${texts.totalDue}: ${money(paymentDetails.totalDue)}`,
            `${texts.bankName}: ${paymentDetails.bankName}`,
            `${texts.country}: ${paymentDetails.country}`,
            `${texts.iban}: ${paymentDetails.iban}`,
            `${texts.swiftCode}: ${paymentDetails.swiftCode}`,
          ],
        ],
        margin: [0, 0, 0, 20],
      },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            header,
            ...rows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 16, 0, 0],
        columns: [
          { text: '', width: '*' },
          {
            width: 'auto',
            table: {
              body: [
                [texts.subtotal, { text: money(invoice.total), alignment: 'right' }],
                [{ text: texts.total, bold: true }, { text: money(invoice.total), alignment: 'right', bold: true }],
                [texts.balance, { text: money(balance), alignment: 'right' }],
              ],
            },
            layout: 'noBorders',
          },
        ],
      },
      { text: `${texts.note}: ${invoice.note?.trim() || texts.defaultNote}`, margin: [0, 24, 0, 0], style: 'muted' },
    ],
  };
}

/** The pdfmake instance, however the bundler wraps its CommonJS export. */
function pdfMakeOf(module: unknown): typeof PdfMakeModule {
  const wrapped = module as { default?: typeof PdfMakeModule } & typeof PdfMakeModule;
  return wrapped.default ?? wrapped;
}

/** Builds the PDF and has the browser download it as `invoice-<id>.pdf`. */
export async function downloadInvoicePdf(input: InvoicePdfInput): Promise<void> {
  const [pdfMakeModule, fontsModule] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  const pdfMake = pdfMakeOf(pdfMakeModule);
  const fonts = (fontsModule as { default?: Record<string, string> }).default ?? (fontsModule as unknown as Record<string, string>);
  pdfMake.addVirtualFileSystem(fonts);
  await pdfMake.createPdf(invoiceDocument(input)).download(`invoice-${input.invoice.id}.pdf`);
}
