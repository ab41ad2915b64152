import type { ReactElement } from 'react';
import { Box, Divider, IconButton, NativeSelect, Tooltip } from '@mui/material';
import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import TableChartIcon from '@mui/icons-material/TableChart';
import UndoIcon from '@mui/icons-material/Undo';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  BASE_FONT_SIZE,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  editorExtensions,
  FONT_FAMILIES,
  FONT_SIZES,
  fontSizeStep,
} from './extensions';

export const DEFAULT_TABLE_SIZE = 3;
const MAX_TABLE_SIZE = 20;

/** What the editor makes of a typed link: http(s) and mailto only; bare names get https://. */
export function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // javascript:, data:, ...
  return `https://${value}`;
}

function askTableSize(question: string): number | null {
  const answer = window.prompt(question, String(DEFAULT_TABLE_SIZE));
  if (answer === null) return null;
  const n = Number.parseInt(answer, 10);
  if (!Number.isFinite(n) || n < 1) return null;
  return Math.min(n, MAX_TABLE_SIZE);
}

function insertLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const typed = window.prompt('Endereço do link:', current || 'https://');
  if (typed === null) return;
  const href = linkHref(typed);
  const chain = editor.chain().focus().extendMarkRange('link');
  if (!href) {
    chain.unsetLink().run();
    return;
  }
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: typed.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    chain.setLink({ href }).run();
  }
}

function insertTable(editor: Editor) {
  const rows = askTableSize('Número de linhas:');
  if (rows === null) return;
  const cols = askTableSize('Número de colunas:');
  if (cols === null) return;
  editor.chain().focus().insertTable({ rows, cols, withHeaderRow: false }).run();
}

function Tool(props: { label: string; icon: ReactElement; onClick: () => void; active?: boolean; disabled?: boolean }) {
  const { label, icon, onClick, active, disabled } = props;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          onClick={onClick}
          disabled={disabled}
          // Keeps the editor's selection: the click must not take the focus away first.
          onMouseDown={(e) => e.preventDefault()}
          sx={active ? { bgcolor: 'action.selected', color: 'primary.main' } : undefined}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      font: (e.getAttributes('textStyle').fontFamily as string | undefined) ?? DEFAULT_FONT,
      size: fontSizeStep(e.getAttributes('textStyle').fontSize as string | undefined),
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const font = FONT_FAMILIES.find((f) => state.font.replace(/["']/g, '') === f) ?? DEFAULT_FONT;
  return (
    <Box
      role="toolbar"
      aria-label="Formatação"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tool label="Desfazer" icon={<UndoIcon />} onClick={() => chain().undo().run()} disabled={!state.canUndo} />
      <Tool label="Refazer" icon={<RedoIcon />} onClick={() => chain().redo().run()} disabled={!state.canRedo} />
      <Divider orientation="vertical" flexItem />
      <NativeSelect
        value={font}
        onChange={(e) =>
          e.target.value === DEFAULT_FONT ? chain().unsetFontFamily().run() : chain().setFontFamily(e.target.value).run()
        }
        inputProps={{ 'aria-label': 'Fonte' }}
        sx={{ fontSize: 13, mx: 0.5, minWidth: 110 }}
      >
        {FONT_FAMILIES.map((f) => (
          <option key={f} value={f} style={{ fontFamily: f }}>
            {f}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        value={state.size}
        onChange={(e) => {
          const css = FONT_SIZES[Number(e.target.value)];
          if (css) chain().setFontSize(css).run();
          else chain().unsetFontSize().run();
        }}
        inputProps={{ 'aria-label': 'Tamanho da fonte' }}
        sx={{ fontSize: 13, mx: 0.5 }}
      >
        {Object.keys(FONT_SIZES).map((step) => (
          <option key={step} value={step}>
            {Number(step) === DEFAULT_FONT_SIZE ? `${step} (normal)` : step}
          </option>
        ))}
      </NativeSelect>
      <Divider orientation="vertical" flexItem />
      <Tool label="Negrito" icon={<FormatBoldIcon />} onClick={() => chain().toggleBold().run()} active={state.bold} />
      <Tool label="Itálico" icon={<FormatItalicIcon />} onClick={() => chain().toggleItalic().run()} active={state.italic} />
      <Tool label="Sublinhado" icon={<FormatUnderlinedIcon />} onClick={() => chain().toggleUnderline().run()} active={state.underline} />
      <Tool label="Tachado" icon={<StrikethroughSIcon />} onClick={() => chain().toggleStrike().run()} active={state.strike} />
      <Tooltip title="Cor do texto">
        <Box
          component="input"
          type="color"
          aria-label="Cor do texto"
          value={/^#[0-9a-f]{6}$/i.test(state.color) ? state.color : '#000000'}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => chain().setColor(e.target.value).run()}
          sx={{ width: 30, height: 26, p: 0, mx: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
        />
      </Tooltip>
      <Tool label="Remover formatação" icon={<FormatClearIcon />} onClick={() => chain().unsetAllMarks().clearNodes().run()} />
      <Divider orientation="vertical" flexItem />
      <Tool label="Alinhar à esquerda" icon={<FormatAlignLeftIcon />} onClick={() => chain().setTextAlign('left').run()} active={state.align === 'left'} />
      <Tool label="Centralizar" icon={<FormatAlignCenterIcon />} onClick={() => chain().setTextAlign('center').run()} active={state.align === 'center'} />
      <Tool label="Alinhar à direita" icon={<FormatAlignRightIcon />} onClick={() => chain().setTextAlign('right').run()} active={state.align === 'right'} />
      <Tool label="Justificar" icon={<FormatAlignJustifyIcon />} onClick={() => chain().setTextAlign('justify').run()} active={state.align === 'justify'} />
      <Divider orientation="vertical" flexItem />
      <Tool label="Lista com marcadores" icon={<FormatListBulletedIcon />} onClick={() => chain().toggleBulletList().run()} active={state.bulletList} />
      <Tool label="Lista numerada" icon={<FormatListNumberedIcon />} onClick={() => chain().toggleOrderedList().run()} active={state.orderedList} />
      <Tool label="Diminuir recuo" icon={<FormatIndentDecreaseIcon />} onClick={() => chain().outdent().run()} />
      <Tool label="Aumentar recuo" icon={<FormatIndentIncreaseIcon />} onClick={() => chain().indent().run()} />
      <Divider orientation="vertical" flexItem />
      <Tool label="Inserir link" icon={<InsertLinkIcon />} onClick={() => insertLink(editor)} active={state.link} />
      <Tool label="Inserir tabela" icon={<TableChartIcon />} onClick={() => insertTable(editor)} />
      <Tool label="Inserir linha horizontal" icon={<HorizontalRuleIcon />} onClick={() => chain().setHorizontalRule().run()} />
    </Box>
  );
}

/**
 * The message body's editor (TipTap). `onChange` gets the HTML after every change; the parent
 * keeps it for sending and saving.
 */
export function RichEditor(props: {
  initialHtml: string;
  onChange: (html: string) => void;
  onReady?: (editor: Editor) => void;
  /** Start with the cursor at the top of the text (a reply is written above the quote). */
  autoFocus?: boolean;
}) {
  const { initialHtml, onChange, onReady, autoFocus = false } = props;
  const editor = useEditor({
    extensions: editorExtensions,
    content: initialHtml,
    autofocus: autoFocus ? 'start' : false,
    editorProps: {
      attributes: { 'aria-label': 'Corpo da mensagem', role: 'textbox', 'aria-multiline': 'true' },
    },
    onCreate: ({ editor: e }) => onReady?.(e),
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  if (!editor) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Toolbar editor={editor} />
      <Box
        sx={{
          flex: 1,
          overflowY: 'auto',
          '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
          '& .ProseMirror': {
            minHeight: 200,
            px: 1.5,
            py: 1,
            outline: 'none',
            fontFamily: DEFAULT_FONT,
            fontSize: BASE_FONT_SIZE,
            lineHeight: 1.5,
            overflowWrap: 'anywhere',
          },
          '& .ProseMirror p': { my: 0.5 },
          '& .ProseMirror blockquote': { m: 0, ml: 1, pl: 1, borderLeft: '2px solid #ccc', color: 'text.secondary' },
          '& .ProseMirror table': { borderCollapse: 'collapse', my: 1 },
          '& .ProseMirror td, & .ProseMirror th': { border: '1px solid #999', p: 0.75, minWidth: 40, verticalAlign: 'top' },
          '& .ProseMirror a': { color: 'primary.main' },
          '& .ProseMirror hr': { border: 0, borderTop: '1px solid #ccc', my: 1.5 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
