/*
 * The compose editor's TipTap set-up: §2.14's tools with §9's fonts and 1–6 size scale. Every
 * mark and attribute renders as plain HTML and inline styles that the server's sanitiser keeps
 * (font-family, font-size, color, text-align, margin-left, table borders).
 */
import { Extension, type CommandProps, type Extensions } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';

export const FONT_FAMILIES = ['Arial', 'Times New Roman', 'Courier New', 'Georgia', 'Verdana', 'Comic Sans MS'] as const;
export const DEFAULT_FONT = 'Arial';

/** The 1–6 scale of §9 (3, the default, is the text's own size: no style). */
export const FONT_SIZES: Readonly<Record<number, string | null>> = {
  1: '10px',
  2: '12px',
  3: null,
  4: '18px',
  5: '24px',
  6: '32px',
};
export const DEFAULT_FONT_SIZE = 3;
/** The text's own size, in the editor and in the reading view. */
export const BASE_FONT_SIZE = '14px';

export function fontSizeStep(css: string | null | undefined): number {
  const found = Object.entries(FONT_SIZES).find(([, value]) => value && value === css);
  return found ? Number(found[0]) : DEFAULT_FONT_SIZE;
}

const INDENT_STEP_PX = 40;
const MAX_INDENT = 8;
const INDENTED = ['paragraph', 'heading'];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** In a list, one level deeper; elsewhere, the paragraph moves right. */
      indent: () => ReturnType;
      outdent: () => ReturnType;
    };
  }
}

/** Indentation as margin-left on paragraphs and headings (lists nest instead). */
const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: INDENTED,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element: HTMLElement) => {
              const px = parseInt(element.style.marginLeft, 10);
              return Number.isFinite(px) ? Math.max(0, Math.min(MAX_INDENT, Math.round(px / INDENT_STEP_PX))) : 0;
            },
            renderHTML: (attributes: { indent?: number }) =>
              attributes.indent ? { style: `margin-left: ${attributes.indent * INDENT_STEP_PX}px` } : {},
          },
        },
      },
    ];
  },

  addCommands() {
    const shift =
      (delta: number) =>
      ({ state, tr }: CommandProps) => {
        let changed = false;
        state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
          if (!INDENTED.includes(node.type.name)) return true;
          const indent = Math.max(0, Math.min(MAX_INDENT, (node.attrs.indent ?? 0) + delta));
          if (indent !== node.attrs.indent) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
            changed = true;
          }
          return false;
        });
        return changed;
      };
    return {
      indent:
        () =>
        (props) =>
          props.editor.isActive('listItem') ? props.commands.sinkListItem('listItem') : shift(1)(props),
      outdent:
        () =>
        (props) =>
          props.editor.isActive('listItem') ? props.commands.liftListItem('listItem') : shift(-1)(props),
    };
  },
});

export const editorExtensions: Extensions = [
  StarterKit.configure({
    codeBlock: false,
    code: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
    },
  }),
  TextStyle,
  FontFamily,
  FontSize,
  Color,
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  Indent,
  Table.configure({ resizable: false, HTMLAttributes: { border: '1', cellpadding: '6', cellspacing: '0' } }),
  TableRow,
  TableHeader,
  TableCell,
];
