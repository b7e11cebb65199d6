/**
 * The sample menu as a PDF (pdf-export page), built with pdfmake the way the invoice demo does
 * (demo/invoice/invoice-pdf.ts): pdfmake and its fonts are fetched with a dynamic import on the
 * first export, so neither weighs on the section's chunk.
 */
import type * as PdfMakeModule from 'pdfmake/build/pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { MenuItem } from './menu-items.ts';

export interface MenuPdfInput {
  title: string;
  /** The column headers: SKU, name, category, price, availability. */
  headers: readonly [string, string, string, string, string];
  items: readonly MenuItem[];
  category: (item: MenuItem) => string;
  price: (amount: number) => string;
  available: (item: MenuItem) => string;
  /** The footer line, e.g. "Printed on 27 Nov 2026". */
  footer: string;
}

/** The pdfmake document of the menu (a pure function, testable without pdfmake). */
export function menuDocument({ title, headers, items, category, price, available, footer }: MenuPdfInput): TDocumentDefinitions {
  return {
    info: { title },
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { fontSize: 10 },
    content: [
      { text: title, fontSize: 18, bold: true, margin: [0, 0, 0, 12] },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            headers.map((text) => ({ text, bold: true })),
            ...items.map((item) => [item.sku, item.name, category(item), { text: price(item.price), alignment: 'right' as const }, available(item)]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: footer, margin: [0, 16, 0, 0], color: '#6e6b7b' },
    ],
  };
}

/** The pdfmake instance, however the bundler wraps its CommonJS export. */
function pdfMakeOf(module: unknown): typeof PdfMakeModule {
  const wrapped = module as { default?: typeof PdfMakeModule } & typeof PdfMakeModule;
  return wrapped.default ?? wrapped;
}

/** Builds the PDF and has the browser download it as `fileName`. */
export async function downloadMenuPdf(input: MenuPdfInput, fileName: string): Promise<void> {
  const [pdfMakeModule, fontsModule] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);
  const pdfMake = pdfMakeOf(pdfMakeModule);
  const fonts = (fontsModule as { default?: Record<string, string> }).default ?? (fontsModule as unknown as Record<string, string>);
  pdfMake.addVirtualFileSystem(fonts);
  await pdfMake.createPdf(menuDocument(input)).download(fileName);
}
