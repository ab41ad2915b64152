import { useEffect, type ReactElement } from 'react';
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
import { useMailText } from '../mailText';
import { insertLink, insertTable } from './editorCommands';
import { colors } from '@veritas/web';
import {
  BASE_FONT_SIZE,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  editorExtensions,
  FONT_FAMILIES,
  FONT_SIZES,
  fontSizeStep,
} from './extensions';

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
  const t = useMailText();
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
      color: (e.getAttributes('textStyle').color as string | undefined) ?? colors.ink,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const font = FONT_FAMILIES.find((f) => state.font.replace(/["']/g, '') === f) ?? DEFAULT_FONT;
  return (
    <Box
      role="toolbar"
      aria-label={t('editor.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tool label={t('editor.undo')} icon={<UndoIcon />} onClick={() => chain().undo().run()} disabled={!state.canUndo} />
      <Tool label={t('editor.redo')} icon={<RedoIcon />} onClick={() => chain().redo().run()} disabled={!state.canRedo} />
      <Divider orientation="vertical" flexItem />
      <NativeSelect
        value={font}
        onChange={(e) =>
          e.target.value === DEFAULT_FONT ? chain().unsetFontFamily().run() : chain().setFontFamily(e.target.value).run()
        }
        inputProps={{ 'aria-label': t('editor.font') }}
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
        inputProps={{ 'aria-label': t('editor.size') }}
        sx={{ fontSize: 13, mx: 0.5 }}
      >
        {Object.keys(FONT_SIZES).map((step) => (
          <option key={step} value={step}>
            {Number(step) === DEFAULT_FONT_SIZE ? t('editor.normalSize', { step }) : step}
          </option>
        ))}
      </NativeSelect>
      <Divider orientation="vertical" flexItem />
      <Tool label={t('editor.bold')} icon={<FormatBoldIcon />} onClick={() => chain().toggleBold().run()} active={state.bold} />
      <Tool label={t('editor.italic')} icon={<FormatItalicIcon />} onClick={() => chain().toggleItalic().run()} active={state.italic} />
      <Tool label={t('editor.underline')} icon={<FormatUnderlinedIcon />} onClick={() => chain().toggleUnderline().run()} active={state.underline} />
      <Tool label={t('editor.strike')} icon={<StrikethroughSIcon />} onClick={() => chain().toggleStrike().run()} active={state.strike} />
      <Tooltip title={t('editor.color')}>
        <Box
          component="input"
          type="color"
          aria-label={t('editor.color')}
          value={/^#[0-9a-f]{6}$/i.test(state.color) ? state.color : colors.ink}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => chain().setColor(e.target.value).run()}
          sx={{ width: 30, height: 26, p: 0, mx: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
        />
      </Tooltip>
      <Tool label={t('editor.clear')} icon={<FormatClearIcon />} onClick={() => chain().unsetAllMarks().clearNodes().run()} />
      <Divider orientation="vertical" flexItem />
      <Tool label={t('editor.alignLeft')} icon={<FormatAlignLeftIcon />} onClick={() => chain().setTextAlign('left').run()} active={state.align === 'left'} />
      <Tool label={t('editor.center')} icon={<FormatAlignCenterIcon />} onClick={() => chain().setTextAlign('center').run()} active={state.align === 'center'} />
      <Tool label={t('editor.alignRight')} icon={<FormatAlignRightIcon />} onClick={() => chain().setTextAlign('right').run()} active={state.align === 'right'} />
      <Tool label={t('editor.justify')} icon={<FormatAlignJustifyIcon />} onClick={() => chain().setTextAlign('justify').run()} active={state.align === 'justify'} />
      <Divider orientation="vertical" flexItem />
      <Tool label={t('editor.bulletList')} icon={<FormatListBulletedIcon />} onClick={() => chain().toggleBulletList().run()} active={state.bulletList} />
      <Tool label={t('editor.orderedList')} icon={<FormatListNumberedIcon />} onClick={() => chain().toggleOrderedList().run()} active={state.orderedList} />
      <Tool label={t('editor.outdent')} icon={<FormatIndentDecreaseIcon />} onClick={() => chain().outdent().run()} />
      <Tool label={t('editor.indent')} icon={<FormatIndentIncreaseIcon />} onClick={() => chain().indent().run()} />
      <Divider orientation="vertical" flexItem />
      <Tool label={t('editor.link')} icon={<InsertLinkIcon />} onClick={() => insertLink(editor, t)} active={state.link} />
      <Tool label={t('editor.table')} icon={<TableChartIcon />} onClick={() => insertTable(editor, t)} />
      <Tool label={t('editor.rule')} icon={<HorizontalRuleIcon />} onClick={() => chain().setHorizontalRule().run()} />
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
  const t = useMailText();
  const editor = useEditor({
    extensions: editorExtensions,
    content: initialHtml,
    autofocus: autoFocus ? 'start' : false,
    editorProps: {
      attributes: { 'aria-label': t('editor.body'), role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  // Once the editor exists, after this render's effects: the parent's handlers are then ready to be called.
  // TipTap may hand back an instance it has already destroyed (a remount replaced it; its schema is
  // gone): only a live one is announced, and the one that replaced it runs this effect again.
  useEffect(() => {
    if (editor && !editor.isDestroyed) onReady?.(editor);
  }, [editor]);
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
          '& .ProseMirror blockquote': { m: 0, ml: 1, pl: 1, borderLeft: `2px solid ${colors.line}`, color: 'text.secondary' },
          '& .ProseMirror table': { borderCollapse: 'collapse', my: 1 },
          '& .ProseMirror td, & .ProseMirror th': { border: '1px solid #999', p: 0.75, minWidth: 40, verticalAlign: 'top' },
          '& .ProseMirror a': { color: 'primary.main' },
          '& .ProseMirror hr': { border: 0, borderTop: `1px solid ${colors.line}`, my: 1.5 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
