import { useState } from 'react';
import type { ClienteResponse } from '@veritas/common';
import { Dashboard } from '../dashboard/Dashboard';
import { DocumentosTab } from '../documentos/DocumentosTab';
import { Faqs } from '../faq/Faqs';
import { Header } from '../layout/Header';
import { NovaSolicitacao } from '../registros/NovaSolicitacao';
import { RegistroDetalhes } from '../registros/RegistroDetalhes';
import { RegistrosTab } from '../registros/RegistrosTab';
import { type TabDef, Tabs, tabPanelProps } from './Tabs';

type TabKey = 'dashboard' | 'registros' | 'documentos' | 'faqs';

/** §2.15: four internal tabs, not routes. */
const TABS: readonly TabDef<TabKey>[] = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'registros', label: 'Registros e Solicitações' },
  { key: 'documentos', label: 'Documentos' },
  { key: 'faqs', label: 'FAQs' },
];

/**
 * The client area. Dialogs (a registro's details, a new request) sit above whichever tab is
 * open; `version` goes up whenever something changed, and every list on screen reloads.
 */
export function Portal({ cliente }: { cliente: ClienteResponse }) {
  const [tab, setTab] = useState<TabKey>('dashboard');
  const [registrosSearch, setRegistrosSearch] = useState('');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  function openTab(key: TabKey, search = '') {
    setRegistrosSearch(search);
    setTab(key);
  }

  return (
    <div className="portal">
      <Header />
      <main className="container portal-main">
        <Tabs tabs={TABS} selected={tab} onSelect={(key) => openTab(key)} />
        <div {...tabPanelProps(tab)} className="tab-panel">
          {tab === 'dashboard' && (
            <Dashboard cliente={cliente} version={version} onOpenTab={openTab} onNew={() => setCreating(true)} onDetails={setDetailsId} />
          )}
          {tab === 'registros' && (
            <RegistrosTab initialSearch={registrosSearch} version={version} onDetails={setDetailsId} onNew={() => setCreating(true)} />
          )}
          {tab === 'documentos' && <DocumentosTab version={version} onChanged={changed} />}
          {tab === 'faqs' && <Faqs />}
        </div>
      </main>
      {creating && (
        <NovaSolicitacao
          onClose={() => setCreating(false)}
          onCreated={changed}
          onOpen={(id) => {
            setCreating(false);
            setDetailsId(id);
          }}
        />
      )}
      {detailsId && <RegistroDetalhes key={detailsId} id={detailsId} onClose={() => setDetailsId(null)} onChanged={changed} />}
    </div>
  );
}
