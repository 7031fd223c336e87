/**
 * Envelope builders for the sandbox's answers. Every operation answers with the envelope of the
 * contract: camelCase `msg, hasError, messages` or, for /FGTS/, PascalCase `Msg, HasError, Messages`.
 *
 * A catalogue entry (code C0060, detail V0002) maps onto a message item as
 * `{ code: "C0060", context: "V0002", description, field }` (documented in src/sandbox/README.md).
 */

/** messageType values (sandbox-defined): 1 error, 2 warning, 3 information. */
export const MessageType = { Error: 1, Warning: 2, Info: 3 } as const;

export interface MessageItem {
  messageType: number;
  code: string;
  context: string;
  description: string;
  field: string;
}

/** A business or validation failure raised by a route; the server turns it into an error envelope. */
export class SandboxFailure extends Error {
  readonly items: MessageItem[];
  readonly status: number;
  constructor(items: MessageItem | MessageItem[], status = 200) {
    const list = Array.isArray(items) ? items : [items];
    super(list.map((i) => `${i.code}/${i.context}`).join(', '));
    this.items = list;
    this.status = status;
  }
}

/** One catalogue message item. */
export function message(code: string, context: string, description: string, field = ''): MessageItem {
  return { messageType: MessageType.Error, code, context, description, field };
}

/** Throws a single-item failure (HTTP 200 with hasError, the usual business answer). */
export function fail(code: string, context: string, description: string, field = '', status = 200): never {
  throw new SandboxFailure(message(code, context, description, field), status);
}

/** A successful camelCase envelope with the operation's own fields. */
export function ok(fields: Record<string, unknown> = {}, msg = 'Operação realizada com sucesso.'): Record<string, unknown> {
  return { msg, hasError: false, messages: [], ...fields };
}

/** A failed camelCase envelope. */
export function errorEnvelope(items: MessageItem[], msg = 'Falha na operação.'): Record<string, unknown> {
  return { msg, hasError: true, messages: items };
}

/** Converts a camelCase envelope (and its message items) to the PascalCase /FGTS/ spelling. */
export function toPascalEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'messages' && Array.isArray(value)) {
      out.Messages = value.map((m: MessageItem) => ({
        MessageType: m.messageType,
        Code: m.code,
        Context: m.context,
        Description: m.description,
        Field: m.field,
      }));
    } else {
      out[key.charAt(0).toUpperCase() + key.slice(1)] = value;
    }
  }
  return out;
}

/**
 * Sandbox-defined codes for failures the partner's catalogue does not cover (transport, request
 * shape, idempotency). Listed in src/sandbox/README.md. Each is `[code, context, HTTP status]`.
 */
export const SandboxCode = {
  MalformedJson: ['S0001', 'V0001', 400],
  BodyNotObject: ['S0001', 'V0002', 400],
  BodyTooLarge: ['S0001', 'V0003', 413],
  UnsupportedMediaType: ['S0001', 'V0004', 415],
  TooDeep: ['S0001', 'V0005', 400],
  UnknownPath: ['S0002', 'V0001', 404],
  MethodNotAllowed: ['S0002', 'V0002', 405],
  WrongType: ['S0003', 'V0001', 400],
  MissingObject: ['S0003', 'V0002', 400],
  IdempotencyConflict: ['I0001', 'V0001', 409],
  IdempotencyKeyMissing: ['I0001', 'V0002', 400],
  IdempotencyKeyTooLong: ['I0001', 'V0003', 400],
  InvalidGuarantorDocument: ['S0004', 'V0001', 400],
  OperationCodeInUse: ['S0005', 'V0001', 200],
  Internal: ['S0500', 'V0001', 500],
} as const satisfies Record<string, readonly [string, string, number]>;

/** Throws the sandbox-defined failure `which` (see {@link SandboxCode}). */
export function failWith(which: keyof typeof SandboxCode, description: string, field = ''): never {
  const [code, context, status] = SandboxCode[which];
  throw new SandboxFailure(message(code, context, description, field), status);
}
