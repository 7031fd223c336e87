/* Formatting shared by the sandbox's HTML pages (fixed formats, independent of the runtime's ICU data). */

/** A CPF shown masked as `***.456.789-**` (the usual LGPD masking); a CNPJ (a company's) in full. */
export function maskDocument(digits: string): string {
  if (digits.length === 11) {
    return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  }
  if (digits.length === 14) {
    return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
  }
  return '***';
}

/** `R$ 1.234,56` (fixed format, independent of the ICU data of the runtime). */
export function formatBrl(amount: number): string {
  const [int, cents] = amount.toFixed(2).split('.') as [string, string];
  return `R$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

/** `dd/mm/yyyy` of the UTC calendar day. */
export function formatDate(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
