/**
 * `/extensions/pdf-export`: the sample menu exported to PDF with pdfmake, loaded the way the
 * invoice demo loads it (a dynamic import on the first click, menu-pdf.ts). The PDF has the
 * page's language: headers, categories, prices and the date line.
 */
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, MenuTable } from '../components/menu-table.tsx';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { MENU_ITEMS } from '../menu-items.ts';

/** The PDF export page (see the module comment). */
export default function PdfExportPage() {
  const { t, i18n } = useTranslation('demo-extensions');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'done' | 'failed' | null>(null);

  const exportPdf = async () => {
    setBusy(true);
    setResult(null);
    try {
      const { downloadMenuPdf } = await import('../menu-pdf.ts');
      const language = i18n.language;
      await downloadMenuPdf(
        {
          title: t('menu.title'),
          headers: [t('menu.columns.sku'), t('menu.columns.name'), t('menu.columns.category'), t('menu.columns.price'), t('menu.columns.available')],
          items: MENU_ITEMS,
          category: (item) => t(`menu.categories.${item.category}`),
          price: (amount) => formatPrice(amount, language),
          available: (item) => (item.available ? t('menu.yes') : t('menu.no')),
          footer: t('pdfExport.footer', { date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date()) }),
        },
        'menu.pdf',
      );
      setResult('done');
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShowcasePage target="pdfExport" subtitle={t('pdfExport.lead')} testId="extensions-pdf-export">
      <DemoCard
        title={t('menu.title')}
        action={
          <Button variant="contained" startIcon={<PictureAsPdf />} onClick={() => void exportPdf()} loading={busy} data-testid="export-pdf">
            {t('pdfExport.export')}
          </Button>
        }
      >
        <Box role="status" aria-live="polite">
          {result && (
            <Alert severity={result === 'done' ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="pdf-export-status">
              {result === 'done' ? t('pdfExport.done') : t('pdfExport.failed')}
            </Alert>
          )}
        </Box>
        <MenuTable items={MENU_ITEMS} label={t('menu.title')} testId="menu-table" />
      </DemoCard>
    </ShowcasePage>
  );
}
