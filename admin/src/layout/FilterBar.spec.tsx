import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, SelectInput, testDataProvider } from 'react-admin';
import { MemoryRouter, useSearchParams } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { renderAdmin } from '../testing/renderAdmin';
import { CopyField } from './CopyField';
import { FilterBar, plainLabel } from './FilterBar';

const PERIODOS = [
  { id: '30d', name: 'Últimos 30 dias' },
  { id: 'ano', name: 'Este ano' },
];

/** A screen whose period lives in the address, as Equipe's does. */
function Screen() {
  const [params, setParams] = useSearchParams();
  const periodo = params.get('periodo') ?? '30d';
  return (
    <>
      <FilterBar values={{ periodo }} onChange={(name, value) => setParams({ [name]: String(value) })} label="Filtros">
        <SelectInput source="periodo" label={plainLabel('Período')} choices={PERIODOS} translateChoice={false} isRequired helperText={false} />
      </FilterBar>
      <output aria-label="endereço">{params.toString()}</output>
      <button type="button" onClick={() => setParams({})}>
        Limpar o endereço
      </button>
    </>
  );
}

describe('FilterBar', () => {
  it("writes the person's choice to the address and follows the address back", async () => {
    // A MemoryRouter: jsdom has no fetch Request, which react-admin's own (data) router needs to navigate.
    render(
      <MemoryRouter initialEntries={['/equipe']}>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
          <Screen />
        </AdminContext>
      </MemoryRouter>,
    );
    const select = await screen.findByRole('combobox', { name: /Período/ });
    expect(select.textContent).toContain('Últimos 30 dias');
    expect(select.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Filtros' })).toBeTruthy();

    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Always a period: no empty choice, and no required asterisk on a filter.
    expect(options.map((o) => o.textContent)).toEqual(['Últimos 30 dias', 'Este ano']);
    expect(screen.getByText('Período').textContent).toBe('Período');
    fireEvent.click(options[1]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('periodo=ano'));
    expect(screen.getByRole('combobox', { name: /Período/ }).textContent).toContain('Este ano');

    fireEvent.click(screen.getByRole('button', { name: 'Limpar o endereço' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Período/ }).textContent).toContain('Últimos 30 dias'));
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('');
  });
});

describe('CopyField', () => {
  it('shows the value in a read-only input that can still be focused and selected', async () => {
    renderAdmin(<CopyField label="PIX copia e cola" value="00020126580014br.gov.bcb.pix" multiline />);
    const input = (await screen.findByLabelText('PIX copia e cola')) as HTMLTextAreaElement;
    expect(input.value).toBe('00020126580014br.gov.bcb.pix');
    expect(input.readOnly).toBe(true);
    expect(input.disabled).toBe(false);
  });
});
