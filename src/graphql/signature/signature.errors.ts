import { declareUserErrors, NOT_FOUND } from '../common/user-error-table.js';
import { type MutationDeclaration } from '../runtime/partner-writes.js';

/** The signer fields both signature operations send (IncluirAssinaturaCCB and ...Finalizada). */
const SIGNER_PATHS: Readonly<Record<string, string>> = {
  assinantes: 'signers',
  'assinantes[].nome': 'signers[].name',
  'assinantes[].email': 'signers[].email',
  'assinantes[].documento': 'signers[].document',
  'assinantes[].telefoneCelular': 'signers[].mobilePhone',
  'assinantes[].descricao': 'signers[].description',
};

/** inviteSigners and registerSignedSigners: their user errors, and their partner writes' fields in their input. */
export const SIGNERS: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'signers',
    mutations: ['inviteSigners', 'registerSignedSigners'],
    typeName: 'SignersUserError',
    enumName: 'SignersErrorCode',
    entries: [
      { code: 'NO_SIGNERS', upstream: ['C0060/V0001'], meaning: 'No signers were sent.', pt: 'Nenhum assinante foi enviado.' },
      {
        code: 'WRONG_SITUATION',
        upstream: ['C0060/V0002'],
        meaning: "Signers cannot be added in the proposal's current situation.",
        pt: 'Não é possível incluir assinantes na situação atual da proposta.',
      },
      {
        code: 'NOT_APPROVED',
        upstream: ['C0060/V0003'],
        meaning: 'Signers cannot be added: the proposal must be approved.',
        pt: 'Não é possível incluir assinantes: a proposta precisa estar aprovada.',
      },
      {
        code: 'EMAIL_NOTIFICATION_OFF',
        upstream: ['C0060/V0004'],
        meaning: 'E-mail notification is not configured.',
        pt: 'A notificação por e-mail não está configurada.',
      },
      {
        code: 'CHAT_NOTIFICATION_OFF',
        upstream: ['C0060/V0005'],
        meaning: 'Chat-message notification is not configured.',
        pt: 'A notificação por mensagem não está configurada.',
      },
      {
        code: 'PHONE_BARRED_FROM_CHAT',
        upstream: ['C0060/V0006'],
        meaning: 'The given phone is restricted from chat messages.',
        pt: 'O telefone informado está impedido de receber mensagens.',
      },
      { ...NOT_FOUND, upstream: ['C0112/V0001', 'T0668/D0002'] },
      {
        code: 'INVALID_EMAIL',
        upstream: ['T0668/D0001', 'T0668/D0006'],
        rules: ['isEmail'],
        meaning: 'The signer e-mail is invalid.',
        pt: 'O e-mail do assinante é inválido.',
      },
      { code: 'NAME_MISSING', upstream: ['T0668/D0003'], meaning: 'The signer name must be given.', pt: 'O nome do assinante deve ser informado.' },
      {
        code: 'INVALID_DOCUMENT',
        upstream: ['T0668/D0004'],
        meaning: 'The signer document must be a valid CPF or CNPJ.',
        pt: 'O documento do assinante deve ser um CPF ou CNPJ válido.',
      },
      { code: 'EMAIL_MISSING', upstream: ['T0668/D0005'], meaning: 'The signer e-mail must be given.', pt: 'O e-mail do assinante deve ser informado.' },
      {
        code: 'MOBILE_MISSING',
        upstream: ['T0668/D0007'],
        meaning: 'The signer mobile phone must be given.',
        pt: 'O celular do assinante deve ser informado.',
      },
      {
        code: 'INVALID_MOBILE',
        upstream: ['T0668/D0008', 'T0668/D0009', 'T0668/D0010', 'T0668/D0011'],
        meaning: 'The mobile phone must have 11 digits: area code, then a number starting with 6, 7, 8 or 9.',
        pt: 'O celular deve ter 11 dígitos: DDD e um número iniciado por 6, 7, 8 ou 9.',
      },
      {
        code: 'DUPLICATE_SIGNER',
        upstream: ['T0668/D0012', 'T0668/D0013'],
        meaning: 'A signer with the same name and role, or the same e-mail or mobile, already exists.',
        pt: 'Já existe um assinante com o mesmo nome e papel, ou o mesmo e-mail ou celular.',
      },
    ],
  }),
  writes: {
    IncluirAssinaturaCCB: {
      fieldPaths: {
        ...SIGNER_PATHS,
        'assinantes[].codigoIdentificador': 'signers[].identifierCode',
        'assinantes[].dtLimiteAssinatura': 'signers[].signingDeadline',
      },
    },
    IncluirAssinaturaCCBFinalizada: {
      fieldPaths: {
        ...SIGNER_PATHS,
        'assinantes[].dtAssinatura': 'signers[].signedAt',
        'assinantes[].ipAssinatura': 'signers[].signingIp',
      },
    },
  },
};
