/**
 * `/extensions/editor`: a rich text editor with Tiptap (StarterKit). A toolbar of real toggle
 * buttons (bold, italic, strike, headings 2–3, bullet and numbered lists, quote, undo, redo)
 * shows the marks at the cursor; the usual shortcuts (Ctrl+B, Ctrl+I, Ctrl+Z…) work too. The
 * HTML the editor holds is shown live under it.
 */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Redo from '@mui/icons-material/Redo';
import StrikethroughS from '@mui/icons-material/StrikethroughS';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

type Mark = 'bold' | 'italic' | 'strike' | 'h2' | 'h3' | 'bulletList' | 'orderedList' | 'blockquote';

interface Tool {
  id: Mark;
  icon: ReactElement | string;
  run: (editor: Editor) => void;
  active: (editor: Editor) => boolean;
}

const TOOLS: readonly Tool[] = [
  { id: 'bold', icon: <FormatBold />, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { id: 'italic', icon: <FormatItalic />, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { id: 'strike', icon: <StrikethroughS />, run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  { id: 'h2', icon: 'H2', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  { id: 'h3', icon: 'H3', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  { id: 'bulletList', icon: <FormatListBulleted />, run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { id: 'orderedList', icon: <FormatListNumbered />, run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { id: 'blockquote', icon: <FormatQuote />, run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
];

/** The toolbar's state while no live editor is there to read. */
const IDLE = { active: Object.fromEntries(TOOLS.map((tool) => [tool.id, false])) as Record<Mark, boolean>, canUndo: false, canRedo: false, html: '' };

/**
 * Tiptap 3's `useEditor` may replace its instance (a view not mounted yet reads as destroyed, so
 * the effect makes a new one) and destroy the old one a tick later, while a state selector still
 * holds it; a destroyed editor has no schema, and `getHTML` on it throws (seen on a loaded CI
 * machine). Its `destroyed` flag is private, so the schema tells.
 */
function isLive(editor: Editor | null): editor is Editor {
  return editor !== null && (editor as unknown as { schema: unknown }).schema != null;
}

/** The editor page (see the module comment). */
export default function EditorPage() {
  const { t } = useTranslation('demo-extensions');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false, underline: false })],
    content: t('editor.initial'),
    editorProps: { attributes: { 'aria-label': t('editor.label'), 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'editor-content' } },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      isLive(current)
        ? {
            active: Object.fromEntries(TOOLS.map((tool) => [tool.id, tool.active(current)])) as Record<Mark, boolean>,
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
            html: current.getHTML(),
          }
        : IDLE,
  });

  return (
    <ShowcasePage target="richTextEditor" subtitle={t('editor.lead')} testId="extensions-editor">
      <DemoCard title={t('editor.title')}>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Stack direction="row" role="toolbar" aria-label={t('editor.toolbar')} spacing={0.5} useFlexGap sx={{ p: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {TOOLS.map((tool) => (
              <Tooltip key={tool.id} title={t(`editor.tools.${tool.id}`)}>
                <ToggleButton
                  value={tool.id}
                  size="small"
                  selected={state.active[tool.id]}
                  aria-label={t(`editor.tools.${tool.id}`)}
                  onChange={() => tool.run(editor)}
                  sx={{ minWidth: 40, fontWeight: 700 }}
                >
                  {tool.icon}
                </ToggleButton>
              </Tooltip>
            ))}
            <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
            <Tooltip title={t('editor.tools.undo')}>
              <span>
                <IconButton aria-label={t('editor.tools.undo')} disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
                  <Undo />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('editor.tools.redo')}>
              <span>
                <IconButton aria-label={t('editor.tools.redo')} disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
                  <Redo />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          <Divider />
          <Box
            sx={(theme) => ({
              '& .tiptap': { minHeight: 200, p: 2, outline: 'none', ...theme.typography.body1 },
              '& .tiptap:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
              '& .tiptap blockquote': { borderLeft: `4px solid ${theme.palette.divider}`, ml: 0, pl: 2, color: 'text.secondary' },
            })}
          >
            <EditorContent editor={editor} />
          </Box>
        </Box>
      </DemoCard>
      <DemoCard title={t('editor.htmlTitle')}>
        <Box
          component="pre"
          data-testid="editor-html"
          sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13, fontFamily: 'monospace' }}
        >
          {state.html}
        </Box>
      </DemoCard>
    </ShowcasePage>
  );
}
