import { roundCents } from '../../shared/money.js';
import { type IdGenerator } from '../ids.js';
import { type Agenda, type Boleto, type PixCharge } from '../model/types.js';
import { BoletoRegistration, cancelOpenBoletosFor } from './agenda.js';
import { boletoCodes, pixCopyPaste, qrPngBase64 } from './codes.js';

/** The sandbox's (fictitious) payee: the bank code on its boletos and its Pix receiving key. */
export const SANDBOX_PAYEE = {
  /** COMPE code written on sandbox boletos. 999 is assigned to no bank. */
  bankCode: '999',
  branch: '0001',
  wallet: '09',
  account: '0000001',
  /** A random (EVP) Pix key, fixed for the sandbox. */
  pixKey: '7d9f0c2e-5b1a-4c8e-9f3d-2a6b8c1e4f70',
  name: 'CREDIT GRAPH SANDBOX SCD',
  city: 'SAO PAULO',
} as const;

/** tipoRegistro (published): 1 online, 2 offline. Online boletos are registered at once and carry a Pix QR code. */
export const RegistrationType = { Online: 1, Offline: 2 } as const;

export interface BoletoSpec {
  installmentNumbers: number[];
  dueDate: Date;
  expiresAt: Date;
  /** Amount charged (already net of the discount). */
  amount: number;
  discount: number;
  description: string;
  registrationType: number;
}

/**
 * The 25-digit free field of a sandbox boleto, in the common layout branch (4), wallet (2),
 * nosso número (11, the boleto number), account (7), zero (1).
 */
export function freeFieldFor(boletoNumber: number): string {
  return `${SANDBOX_PAYEE.branch}${SANDBOX_PAYEE.wallet}${String(boletoNumber).padStart(11, '0')}${SANDBOX_PAYEE.account}0`;
}

/** The print URL of a boleto: `<sandbox url>/boletos/<number>/impressao/<token>` (README, "Boleto print pages"). */
export function boletoPrintUrl(baseUrl: string, number: number, token: string): string {
  return `${baseUrl}/boletos/${number}/impressao/${token}`;
}

/**
 * Builds a boleto (number from `ids`, barcode and digitable line, print URL, and for online
 * registration a Pix charge with a BR Code and its PNG) without attaching it to any agenda.
 */
export async function buildBoleto(spec: BoletoSpec, ids: IdGenerator, now: Date, baseUrl: string): Promise<Boleto> {
  const number = ids.nextBoletoNumber();
  const amount = roundCents(spec.amount);
  const { barcode, digitableLine } = boletoCodes({
    bankCode: SANDBOX_PAYEE.bankCode,
    amount,
    dueDate: spec.dueDate,
    freeField: freeFieldFor(number),
  });
  const printToken = ids.printToken();
  const online = spec.registrationType === RegistrationType.Online;
  let pix: PixCharge | undefined;
  if (online) {
    const emv = pixCopyPaste({
      key: SANDBOX_PAYEE.pixKey,
      amount,
      merchantName: SANDBOX_PAYEE.name,
      merchantCity: SANDBOX_PAYEE.city,
      txid: `SBX${number}`,
    });
    pix = { emv, image: await qrPngBase64(emv), dueDate: spec.dueDate, expiresAt: spec.expiresAt, settled: false };
  }
  return {
    number,
    installmentNumbers: [...spec.installmentNumbers],
    description: spec.description,
    amount,
    discount: roundCents(spec.discount),
    dueDate: spec.dueDate,
    expiresAt: spec.expiresAt,
    createdAt: now,
    settled: false,
    digitableLine,
    barcode,
    printUrl: boletoPrintUrl(baseUrl, number, printToken),
    printToken,
    registrationType: spec.registrationType,
    registrationOperation: BoletoRegistration.OperationRegister,
    registrationSituation: online ? BoletoRegistration.Registered : BoletoRegistration.Pending,
    registrationDescription: online ? 'Registrado' : 'Aguardando registro',
    pix,
  };
}

/** Attaches a built boleto to the agenda, first cancelling the open boletos of its installments. */
export function attachBoleto(agenda: Agenda, boleto: Boleto, now: Date): void {
  cancelOpenBoletosFor(agenda, boleto.installmentNumbers, now);
  agenda.boletos.push(boleto);
}
