import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The Extensions section of the UI showcase in Chromium: every page opens with its
 * title and its main control works —
 * - sweet alert (MUI Dialog): a confirmation answered Yes; toasts (notistack): a toast and Undo;
 * - uploader (react-dropzone): an image listed, a PDF refused with the reason;
 * - editor (Tiptap): typing and Bold land in the HTML output; drag and drop (@dnd-kit): a card
 *   dragged with the mouse to another column, another moved with the keyboard;
 * - tour (react-joyride): started and walked to the end; clipboard: copied and read back;
 * - context menu: right click and Shift+F10; swiper (embla): arrows and the arrow keys;
 * - i18n: samples in French while the app stays English;
 * - import/export (exceljs): menu.xlsx downloaded (a zip), a CSV imported with row errors;
 * - PDF export (pdfmake): menu.pdf downloaded and starting with %PDF.
 * Then every page in the dark skin. Screenshots to the test's output folder, no console error.
 */

const stack = useSharedStack();

const PAGES = [
  ['sweet-alert', 'Sweet Alert'],
  ['toastify', 'Stacked Toasts'],
  ['uploader', 'File Uploader'],
  ['editor', 'Rich Text Editor'],
  ['drag-and-drop', 'Drag & Drop'],
  ['tour', 'Tour'],
  ['clipboard', 'Clipboard'],
  ['context-menu', 'Context Menu'],
  ['swiper', 'Swiper'],
  ['i18n', 'i18n'],
  ['import-export', 'Import/Export Excel'],
  ['pdf-export', 'PDF Export'],
] as const;

/** Opens `/extensions/<slug>` and waits for its h1 and title. */
async function openPage(page: Page, slug: string, title: string): Promise<void> {
  await page.goto(`${stack().baseUrl}/extensions/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title.replace(/[/&]/g, '.')));
}

/** Drags `source` onto `target` with small pointer steps (dnd-kit waits for 5 px of movement). */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 30, { steps: 15 });
  await page.mouse.up();
}

const shot = (page: Page, path: string) => page.screenshot({ path, animations: 'disabled' });

test('Extensions: every page opens and its main control works, light and dark', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().baseUrl });
  await signInAs(page, stack().baseUrl);

  // Sweet alert.
  await openPage(page, 'sweet-alert', 'Sweet Alert');
  await page.getByRole('button', { name: 'Delete the booking' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this booking?' });
  await expect(confirm).toBeVisible();
  await shot(page, testInfo.outputPath('sweet-alert-light.png'));
  await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('dialog', { name: 'Deleted' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('sweet-alert-outcome')).toContainText('deleted');

  // Toasts.
  await openPage(page, 'toastify', 'Stacked Toasts');
  await page.getByRole('button', { name: 'Show three at once' }).click();
  await expect(page.getByText('Notification 3 of a burst')).toBeVisible();
  await page.getByRole('button', { name: 'Toast with Undo' }).click();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByTestId('toasts-undone')).toHaveText('Undo pressed 1 time.');
  await shot(page, testInfo.outputPath('toasts-light.png'));
  await page.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(page.getByText('Notification 3 of a burst')).toHaveCount(0);

  // Uploader.
  await openPage(page, 'uploader', 'File Uploader');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByTestId('uploader-input').setInputFiles([
    { name: 'terrace.png', mimeType: 'image/png', buffer: png },
    { name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(page.getByTestId('uploader-files').getByText('terrace.png')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of terrace.png' })).toBeVisible();
  await expect(page.getByTestId('uploader-rejected')).toContainText('menu.pdf: Only images');
  await shot(page, testInfo.outputPath('uploader-light.png'));

  // Rich text editor.
  await openPage(page, 'editor', 'Rich Text Editor');
  const editor = page.getByTestId('editor-content');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Chef is in tonight');
  await expect(page.getByTestId('editor-html')).toContainText('<strong>Chef is in tonight</strong>');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByTestId('editor-html')).not.toContainText('Chef is in tonight');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(page.getByTestId('editor-html')).toContainText('Chef is in tonight');
  await shot(page, testInfo.outputPath('editor-light.png'));

  // Drag and drop: the mouse, then the keyboard.
  await openPage(page, 'drag-and-drop', 'Drag & Drop');
  const ready = page.getByTestId('dnd-column-ready');
  await drag(page, page.getByTestId('dnd-card-T-101'), ready);
  await expect(ready.getByTestId('dnd-card-T-101')).toBeVisible();
  await expect(page.getByTestId('dnd-column-new').getByTestId('dnd-card-T-101')).toHaveCount(0);
  await page.getByTestId('dnd-card-T-102').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('dnd-card-T-102')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  // While lifted, the card already makes room in the column it is over.
  await expect(page.getByTestId('dnd-column-cooking').getByTestId('dnd-card-T-102')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('dnd-card-T-102')).not.toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('dnd-column-cooking').getByTestId('dnd-card-T-102')).toBeVisible();
  await shot(page, testInfo.outputPath('drag-and-drop-light.png'));

  // Tour.
  await openPage(page, 'tour', 'Tour');
  await page.getByTestId('tour-start').click();
  for (const title of ['Reservations', 'Search', 'Covers']) {
    await expect(page.getByRole('alertdialog').getByText(title, { exact: true })).toBeVisible();
    if (title === 'Reservations') await shot(page, testInfo.outputPath('tour-light.png'));
    await page.getByRole('alertdialog').getByRole('button', { name: /^Next/ }).click();
  }
  await expect(page.getByRole('alertdialog').getByText('Help', { exact: true })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: /^Finish/ }).click();
  await expect(page.getByTestId('tour-outcome')).toHaveText('Tour finished.');

  // Clipboard.
  await openPage(page, 'clipboard', 'Clipboard');
  await page.getByTestId('clipboard-copy-link').click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://dinedesk.example/book/trattoria-roma');
  await shot(page, testInfo.outputPath('clipboard-light.png'));

  // Context menu.
  await openPage(page, 'context-menu', 'Context Menu');
  await page.getByTestId('context-row-2').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Seat the party' }).click();
  await expect(page.getByTestId('context-row-2')).toContainText('Seated');
  await page.getByTestId('context-row-4').focus();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
  await shot(page, testInfo.outputPath('context-menu-light.png'));
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByTestId('context-menu-last')).toHaveText('The booking of Tom Hughes was duplicated.');
  await expect(page.getByTestId('context-row-4')).toBeFocused();

  // Swiper.
  await openPage(page, 'swiper', 'Swiper');
  const carousel = page.getByTestId('swiper-default');
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel).toHaveAttribute('data-selected', '1');
  await carousel.getByRole('button', { name: 'Go to slide 1' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(carousel).toHaveAttribute('data-selected', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(carousel).toHaveAttribute('data-selected', '2');
  await shot(page, testInfo.outputPath('swiper-light.png'));

  // i18n.
  await openPage(page, 'i18n', 'i18n');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByTestId('i18n-strings')).toContainText('Alice a réservé une table pour 4 personnes.');
  await expect(page.getByTestId('i18n-format-currency')).toContainText('€');
  await expect(page.getByRole('heading', { level: 1, name: 'i18n' })).toBeVisible();
  await shot(page, testInfo.outputPath('i18n-light.png'));

  // Import/export with exceljs.
  await openPage(page, 'import-export', 'Import/Export Excel');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toBe('menu.xlsx');
  const xlsxBytes = await readFile(await xlsx.path());
  expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText('Exported 8 items to menu.xlsx.')).toBeVisible();
  await page.getByTestId('import-input').setInputFiles({
    name: 'specials.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('sku,name,category,price,available\nSP-1,Truffle pasta,main,24,yes\nSP-2,Oysters,seafood,18,yes\n'),
  });
  await expect(page.getByText('Imported 1 item from specials.csv.')).toBeVisible();
  await expect(page.getByTestId('import-errors')).toContainText('Row 3, Category: must be starter, main, dessert or drink.');
  await expect(page.getByTestId('menu-table').getByRole('row')).toHaveCount(2);
  await shot(page, testInfo.outputPath('import-export-light.png'));

  // PDF export with pdfmake.
  await openPage(page, 'pdf-export', 'PDF Export');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe('menu.pdf');
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(page.getByTestId('pdf-export-status')).toHaveText('menu.pdf was created.');
  await shot(page, testInfo.outputPath('pdf-export-light.png'));

  // Every page in the dark skin.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  for (const [slug, title] of PAGES) {
    await openPage(page, slug, title);
    await shot(page, testInfo.outputPath(`${slug}-dark.png`));
  }
  expect(errors).toEqual([]);
});
