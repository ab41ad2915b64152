import { useEffect, useState } from 'react';
import type { ClienteResponse } from '@veritas/common';
import { Dashboard } from '../dashboard/Dashboard';
import { DocumentosTab } from '../documentos/DocumentosTab';
import { Faqs } from '../faq/Faqs';
import { FinanceiroTab } from '../financeiro/FinanceiroTab';
import { Header } from '../layout/Header';
import { MeusDados } from '../meus-dados/MeusDados';
import { NovaSolicitacao } from '../registros/NovaSolicitacao';
import { RegistroDetalhes } from '../registros/RegistroDetalhes';
import { RegistrosTab } from '../registros/RegistrosTab';
import { type TabDef, Tabs, tabPanelProps } from './Tabs';

type TabKey = 'dashboard' | 'registros' | 'documentos' | 'financeiro' | 'faqs';

/** §2.15: internal tabs, not routes (Financeiro: issue 12). */
const TABS: readonly TabDef<TabKey>[] = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'registros', label: 'Registros e Solicitações' },
  { key: 'documentos', label: 'Documentos' },
  { key: 'financeiro', label: 'Financeiro' },
  { key: 'faqs', label: 'FAQs' },
];

/** What the address shows (§2.15 names these links): a dialog, over the tab it belongs to. */
interface Screen {
  creating: boolean;
  uploading: boolean;
  detailsId: string | null;
  tab: TabKey | null;
  /** /cliente/meus-dados: the client's LGPD rights (issue 16). */
  meusDados: boolean;
}

/** /cliente/nova-solicitacao, /cliente/novo-documento, /cliente/registro/{id}; anything else: none. */
export function screenFromPath(pathname: string): Screen {
  const rest = pathname.replace(/^\/cliente\/?/, '').replace(/\/+$/, '');
  const registro = /^registro\/([^/]+)$/.exec(rest);
  let detailsId: string | null = null;
  if (registro) {
    try {
      detailsId = decodeURIComponent(registro[1]);
    } catch {
      detailsId = null;
    }
  }
  return {
    creating: rest === 'nova-solicitacao',
    uploading: rest === 'novo-documento',
    detailsId,
    tab: rest === 'novo-documento' ? 'documentos' : null,
    meusDados: rest === 'meus-dados',
  };
}

const HOME = '/cliente';

/** Puts `path` in the address: a new history entry (Back closes the dialog) or in place. */
function go(path: string, mode: 'push' | 'replace') {
  if (window.location.pathname === path) return;
  if (mode === 'push') window.history.pushState({ portal: true }, '', path);
  else window.history.replaceState(window.history.state, '', path);
}

/** Closes a dialog: Back when the portal opened it (so Forward reopens it), else the address is reset. */
function leaveDialog() {
  if ((window.history.state as { portal?: boolean } | null)?.portal) window.history.back();
  else go(HOME, 'replace');
}

/**
 * The client area. Dialogs (a registro's details, a new request) sit above whichever tab is
 * open; `version` goes up whenever something changed, and every list on screen reloads.
 */
export function Portal({ cliente }: { cliente: ClienteResponse }) {
  const [initial] = useState(() => screenFromPath(window.location.pathname));
  const [tab, setTab] = useState<TabKey>(initial.tab ?? 'dashboard');
  const [registrosSearch, setRegistrosSearch] = useState('');
  const [detailsId, setDetailsIdState] = useState<string | null>(initial.detailsId);
  const [creating, setCreatingState] = useState(initial.creating);
  const [uploading, setUploadingState] = useState(initial.uploading);
  const [meusDados, setMeusDadosState] = useState(initial.meusDados);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  // Back and Forward move between the screens the address names.
  useEffect(() => {
    const onPop = () => {
      const screen = screenFromPath(window.location.pathname);
      setCreatingState(screen.creating);
      setUploadingState(screen.uploading);
      setDetailsIdState(screen.detailsId);
      setMeusDadosState(screen.meusDados);
      if (screen.tab) setTab(screen.tab);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function setCreating(open: boolean) {
    setCreatingState(open);
    if (open) go(`${HOME}/nova-solicitacao`, 'push');
    else leaveDialog();
  }

  function setUploading(open: boolean) {
    setUploadingState(open);
    if (open) go(`${HOME}/novo-documento`, 'push');
    else leaveDialog();
  }

  function setMeusDados(open: boolean) {
    setMeusDadosState(open);
    if (open) go(`${HOME}/meus-dados`, 'push');
    else leaveDialog();
  }

  function setDetailsId(id: string | null) {
    setDetailsIdState(id);
    if (id) go(`${HOME}/registro/${encodeURIComponent(id)}`, 'push');
    else leaveDialog();
  }

  function openTab(key: TabKey, search = '') {
    setRegistrosSearch(search);
    setTab(key);
    // The tabs are not routes (§2.15): a tab chosen after /cliente/novo-documento leaves /cliente.
    if (window.location.pathname !== HOME && !creating && !detailsId && !uploading && !meusDados) go(HOME, 'replace');
  }

  return (
    <div className="portal">
      <Header onMeusDados={() => setMeusDados(true)} />
      <main className="container portal-main">
        <Tabs tabs={TABS} selected={tab} onSelect={(key) => openTab(key)} />
        <div {...tabPanelProps(tab)} className="tab-panel">
          {tab === 'dashboard' && (
            <Dashboard cliente={cliente} version={version} onOpenTab={openTab} onNew={() => setCreating(true)} onDetails={setDetailsId} />
          )}
          {tab === 'registros' && (
            <RegistrosTab initialSearch={registrosSearch} version={version} onDetails={setDetailsId} onNew={() => setCreating(true)} />
          )}
          {tab === 'documentos' && <DocumentosTab version={version} onChanged={changed} uploading={uploading} setUploading={setUploading} />}
          {tab === 'financeiro' && <FinanceiroTab version={version} />}
          {tab === 'faqs' && <Faqs />}
        </div>
      </main>
      {creating && (
        <NovaSolicitacao
          onClose={() => setCreating(false)}
          onCreated={changed}
          onOpen={(id) => {
            // The new registro's details take the request form's place in history.
            setCreatingState(false);
            setDetailsIdState(id);
            go(`${HOME}/registro/${encodeURIComponent(id)}`, 'replace');
          }}
        />
      )}
      {meusDados && <MeusDados cliente={cliente} onClose={() => setMeusDados(false)} />}
      {detailsId && <RegistroDetalhes key={detailsId} id={detailsId} onClose={() => setDetailsId(null)} onChanged={changed} />}
    </div>
  );
}
