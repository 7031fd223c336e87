/**
 * Where a partner rejection's `field` (a request path such as `dtoLancamentoParcela.vlrPagamento`
 * or `assinantes[1].email`) lives in the graph's input. The mapper is the only place Portuguese
 * and English meet, so the table sits beside the request mappers' field names. `[]` stands for an
 * array index, carried over in order (`assinantes[1].email` -> `input.signers.1.email`).
 */

/** The signer fields both signature operations send (IncluirAssinaturaCCB and ...Finalizada). */
const SIGNER_PATHS: Readonly<Record<string, string>> = {
  assinantes: 'signers',
  'assinantes[].nome': 'signers[].name',
  'assinantes[].email': 'signers[].email',
  'assinantes[].documento': 'signers[].document',
  'assinantes[].telefoneCelular': 'signers[].mobilePhone',
  'assinantes[].descricao': 'signers[].description',
};

/** Partner request field -> graph input path, per operation. */
const FIELD_PATHS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  IncluirManual: {
    'dto.documentoCliente': 'clientDocument',
    'dto.tipoContrato': 'contractType',
    'dto.vlrSolicitado': 'requestedAmount',
    'dto.percJurosNegociado': 'monthlyInterestRate',
    'dto.prazo': 'installments',
    'dto.formatoCalculo': 'calculationFormat',
    'dto.codigoOperacao': 'operationCode',
    'dto.dtPrimeiroVencto': 'firstDueDate',
    'dto.numeroCCB': 'ccbNumber',
    'dto.documentoPromotor': 'promoterDocument',
    'dto.observacoesVendedor': 'sellerNotes',
    'dto.nroDiasAcrescimo': 'extraDays',
    'dto.vlrTAC': 'tacAmount',
    'dto.vlrSeguro': 'insuranceAmount',
    'dto.vlrOutrasDespesas': 'otherExpensesAmount',
    'dto.vlrOutrosServicos': 'otherServicesAmount',
    'dto.propostaContaPagamentoDTO': 'paymentAccount',
    'dto.propostaContaPagamentoDTO.codigoBanco': 'paymentAccount.bankCode',
    'dto.propostaContaPagamentoDTO.tipoConta': 'paymentAccount.accountTypeCode',
    'dto.propostaContaPagamentoDTO.agencia': 'paymentAccount.branch',
    'dto.propostaContaPagamentoDTO.agenciaDig': 'paymentAccount.branchDigit',
    'dto.propostaContaPagamentoDTO.conta': 'paymentAccount.account',
    'dto.propostaContaPagamentoDTO.contaDig': 'paymentAccount.accountDigit',
    'dto.propostaContaPagamentoDTO.numeroBanco': 'paymentAccount.bankNumber',
    'dto.propostaContaPagamentoDTO.documentoFederalPagamento': 'paymentAccount.holderDocument',
    'dto.propostaContaPagamentoDTO.nomePagamento': 'paymentAccount.holderName',
    'parametros.nomeCliente': 'clientName',
  },
  IncluirAvalista: {
    'avalista.nome': 'name',
    'avalista.documentoFederal': 'document',
    'avalista.cep': 'zipCode',
    'avalista.logradouro': 'street',
    'avalista.nroLogradouro': 'streetNumber',
    'avalista.bairro': 'district',
    'avalista.complemento': 'complement',
    'avalista.cidade': 'city',
    'avalista.uf': 'state',
    'avalista.avalistaPF.email': 'individual.email',
    'avalista.avalistaPF.telefoneCelular': 'individual.mobilePhone',
    'avalista.avalistaPF.telefoneFixo': 'individual.landlinePhone',
    'avalista.avalistaPF.dtNasc': 'individual.birthDate',
    'avalista.avalistaPF.nomeMae': 'individual.motherName',
    'avalista.avalistaPF.nomePai': 'individual.fatherName',
    'avalista.avalistaPF.sexo': 'individual.sex',
    'avalista.avalistaPF.estadoCivil': 'individual.maritalStatusCode',
    'avalista.avalistaPF.nroDependentes': 'individual.dependents',
    'avalista.avalistaPF.rg': 'individual.rg',
    'avalista.avalistaPF.rgOrgao': 'individual.rgIssuer',
    'avalista.avalistaPF.rguf': 'individual.rgState',
    'avalista.avalistaPF.nacionalidade': 'individual.nationality',
    'avalista.avalistaPF.localTrabalho': 'individual.employer',
    'avalista.avalistaPF.cargoTrabalho': 'individual.jobTitle',
    'avalista.avalistaPF.vlrRendimentoTrabalho': 'individual.monthlyIncome',
    'avalista.avalistaPF.vlrOutrosRendimentos': 'individual.otherIncome',
    'avalista.avalistaPF.nomeConjuge': 'individual.spouseName',
    'avalista.avalistaPF.cpfConjuge': 'individual.spouseCpf',
    'avalista.avalistaPJ.nomeFantasia': 'company.tradeName',
    'avalista.avalistaPJ.email': 'company.email',
    'avalista.avalistaPJ.webSite': 'company.website',
    'avalista.avalistaPJ.telefoneFixo': 'company.phone',
    'avalista.avalistaPJ.dtFundacao': 'company.foundationDate',
    'avalista.avalistaPJ.ramoAtividade': 'company.businessActivity',
    'avalista.avalistaPJ.capitalSocial': 'company.shareCapital',
    'avalista.avalistaPJ.patrimonioLiq': 'company.netWorth',
    'avalista.avalistaPJ.faturamentoMedio12Meses': 'company.averageMonthlyRevenue',
  },
  IncluirAssinaturaCCB: {
    ...SIGNER_PATHS,
    'assinantes[].codigoIdentificador': 'signers[].identifierCode',
    'assinantes[].dtLimiteAssinatura': 'signers[].signingDeadline',
  },
  IncluirAssinaturaCCBFinalizada: {
    ...SIGNER_PATHS,
    'assinantes[].dtAssinatura': 'signers[].signedAt',
    'assinantes[].ipAssinatura': 'signers[].signingIp',
  },
  IncluirDocumento: {
    'documento.tipoDocumento': 'documentTypeCode',
    'documento.nomeArquivo': 'fileName',
    'documento.extensao': 'extension',
    'documento.dtValidade': 'validUntil',
    'documento.arquivo': 'contentBase64',
  },
  CancelarProposta: {
    DocumentoFederal: 'clientDocument',
    Motivo: 'reason',
  },
  IncluirLancamentoParcela: {
    'dto.nroParcela': 'payment.installmentNumber',
    'dtoLancamentoParcela.vlrPagamento': 'payment.amount',
    'dtoLancamentoParcela.vlrDesconto': 'payment.discount',
    'dtoLancamentoParcela.dtPagamento': 'payment.paidAt',
    'dtoLancamentoParcela.permiteDescapitalizacao': 'payment.allowDecapitalization',
    'dtoLancamentoParcela.descricaoLancamento': 'payment.description',
  },
  IncluirLancamentoMultiplasParcelas: {
    dtoLancamentoParcelas: 'payments',
    'dtoLancamentoParcelas[].nroParcela': 'payments[].installmentNumber',
    'dtoLancamentoParcelas[].vlrPagamento': 'payments[].amount',
    'dtoLancamentoParcelas[].vlrDesconto': 'payments[].discount',
    'dtoLancamentoParcelas[].dtPagamento': 'payments[].paidAt',
    'dtoLancamentoParcelas[].permiteDescapitalizacao': 'payments[].allowDecapitalization',
    'dtoLancamentoParcelas[].descricaoLancamento': 'payments[].description',
  },
  GerarMultiplosBoletos: {
    'dtoGerarMultiplosBoletos.parcelas': 'installments',
    'dtoGerarMultiplosBoletos.parcelas[].nroParcela': 'installments[].number',
    'dtoGerarMultiplosBoletos.parcelas[].dtVencimento': 'installments[].dueDate',
    'dtoGerarMultiplosBoletos.parcelas[].dtExpiracao': 'installments[].expiresAt',
    'dtoGerarMultiplosBoletos.parcelas[].vlrDesconto': 'installments[].discount',
    'dtoGerarMultiplosBoletos.parcelas[].permiteDescapitalizacao': 'installments[].allowDecapitalization',
    'dtoGerarMultiplosBoletos.descricaoBoleto': 'description',
    'dtoGerarMultiplosBoletos.notificarCliente': 'notifyClient',
    'dtoGerarMultiplosBoletos.tipoRegistro': 'registrationType',
  },
  GerarUnicoBoleto: {
    'dto.nroParcelas': 'installmentNumbers',
    'dtoGerarUnicoBoleto.tipoRegistro': 'registrationType',
    'dtoGerarUnicoBoleto.dtVencimento': 'dueDate',
    'dtoGerarUnicoBoleto.dtExpiracao': 'expiresAt',
    'dtoGerarUnicoBoleto.vlrBoleto': 'amount',
    'dtoGerarUnicoBoleto.vlrDesconto': 'discount',
    'dtoGerarUnicoBoleto.liquidacao': 'settlesInstallments',
    'dtoGerarUnicoBoleto.permiteDescapitalizacao': 'allowDecapitalization',
    'dtoGerarUnicoBoleto.descricaoBoleto': 'description',
  },
};

/** Upstream fields that only locate the proposal: a failure naming them is about the proposal as a whole. */
const PROPOSAL_LOCATORS = new Set(['codigoproposta', 'dto.codigoproposta', 'numeroproposta', 'dto.numeroproposta']);

const LOWERCASED: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(FIELD_PATHS).map(([operation, table]) => [
    operation,
    new Map(Object.entries(table).map(([upstream, graph]) => [upstream.toLowerCase(), graph])),
  ]),
);

/**
 * The `UserError.field` for a partner rejection of `operation` naming `upstreamField`: the graph
 * input path (`["input", "payment", "amount"]`) when the table knows the field; the upstream field
 * as given (`["avalista.avalistaPF.rg"]`) when it does not; `null` when the partner names no field
 * or only the proposal locator (`codigoProposta`).
 */
export function graphFieldPath(operation: string, upstreamField: string): string[] | null {
  const field = upstreamField.trim();
  if (field === '' || PROPOSAL_LOCATORS.has(field.toLowerCase())) {
    return null;
  }
  const indexes: string[] = [];
  const pattern = field.replace(/\[(\d+)\]/g, (_match, index: string) => {
    indexes.push(index);
    return '[]';
  });
  const graph = LOWERCASED.get(operation)?.get(pattern.toLowerCase());
  if (graph === undefined) {
    return [field];
  }
  let next = 0;
  const path = graph.replace(/\[\]/g, () => `.${indexes[next++] ?? '0'}`);
  return ['input', ...path.split('.')];
}
