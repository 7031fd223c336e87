/**
 * The read side of ownership, the ledger read-back fields and `viewer`, through the real schema over
 * a real sandbox (startGraphHarness in test/helpers/graph.ts: createApp, requests injected). The two-replica, two-key operator run is operator-ownership.test.ts.
 */
import { jest } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { type GraphHarness, type RunOptions, startGraphHarness } from '../helpers/graph.js';

const ALICE: RunOptions = { callerId: 'alice', scopes: [] };
const BOB: RunOptions = { callerId: 'bob', scopes: [] };
const BACK_OFFICE: RunOptions = { callerId: 'back-office', scopes: ['proposals.all'] };

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id number operationCode } userErrors { code } }
}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are read by path
type Any = any;

describe('ownership, read-back and viewer', () => {
  let h: GraphHarness;

  const create = async (as: RunOptions, operationCode?: string): Promise<{ id: string; number: number; operationCode: string }> => {
    const input = {
      clientDocument: '52998224725',
      contractType: 'CP',
      requestedAmount: '1500.00',
      monthlyInterestRate: '1.99',
      installments: 6,
      ...(operationCode ? { operationCode } : {}),
    };
    const answer = await h.run<Any>(CREATE, { key: randomUUID(), input }, as);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createProposal.userErrors).toEqual([]);
    return answer.data.createProposal.proposal;
  };

  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetCalls();
  });

  describe('read side', () => {
    it('hides the demo proposals (created by no graph caller) from a caller without proposals.all, with no partner call', async () => {
      const { id } = h.demo('disbursed');
      const query = `query($id: ID!) { proposal(id: $id) { id situation client { document } } }`;
      expect((await h.run(query, { id }, ALICE)).data).toEqual({ proposal: null });
      expect((await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { id } }`, { ids: [id, id] }, ALICE)).data).toEqual({ proposals: [null, null] });
      expect((await h.calls()).total).toBe(0);
      const seen = await h.run<Any>(query, { id }, BACK_OFFICE);
      expect(seen.data.proposal).toMatchObject({ id, situation: 'DISBURSED', client: { document: expect.stringMatching(/^\d{11}$/) } });
    });

    it("looks a proposal up by operation code only among the caller's own, before any partner call", async () => {
      const code = `OWN-${randomUUID()}`;
      const mine = await create(ALICE, code);
      await h.resetCalls();
      const query = `query($code: String!) { proposalByOperationCode(operationCode: $code) { id operationCode } }`;
      const withId = `query($code: String!, $id: ID!) { proposal(operationCode: $code, id: $id) { id operationCode } }`;
      expect((await h.run(query, { code }, BOB)).data).toEqual({ proposalByOperationCode: null });
      expect((await h.run(query, { code: 'NO-SUCH-CODE' }, ALICE)).data).toEqual({ proposalByOperationCode: null });
      expect((await h.run(withId, { code, id: randomUUID() }, ALICE)).data).toEqual({ proposal: null });
      expect((await h.calls()).total).toBe(0);
      expect((await h.run(query, { code }, ALICE)).data).toEqual({ proposalByOperationCode: { id: mine.id, operationCode: code } });
      // The back office sees the code as the partner holds it (alice's namespace) and finds the proposal by it.
      const held = (await h.run<Any>(`query($id: ID!) { proposal(id: $id) { operationCode } }`, { id: mine.id }, BACK_OFFICE)).data.proposal
        .operationCode as string;
      expect(held).toMatch(new RegExp(`^[0-9a-f]{16}-${code}$`));
      expect((await h.run(query, { code: held }, BACK_OFFICE)).data).toEqual({ proposalByOperationCode: { id: mine.id, operationCode: held } });
      expect((await h.run(withId, { code, id: mine.id }, ALICE)).data).toEqual({ proposal: { id: mine.id, operationCode: code } });
    });

    it("refuses the number check on another caller's proposal before any call, and answers its own from the ledger", async () => {
      const mine = await create(ALICE);
      await h.resetCalls();
      const query = `query($id: ID!, $number: Int) { proposal(id: $id, number: $number) { id number operationCode } }`;
      expect((await h.run(query, { id: mine.id, number: mine.number }, BOB)).data).toEqual({ proposal: null });
      expect((await h.calls()).total).toBe(0);
      // Its own, selecting only what the ledger knows (id, number, operationCode): no partner call either.
      expect((await h.run(query, { id: mine.id }, ALICE)).data).toEqual({ proposal: { id: mine.id, number: mine.number, operationCode: mine.operationCode } });
      expect((await h.calls()).total).toBe(0);
    });

    it('applies the same rule to _entities representations', async () => {
      const mine = await create(ALICE);
      const { id: demo } = h.demo('approved');
      await h.resetCalls();
      const query = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Proposal { id } } }`;
      const reps = [
        { __typename: 'Proposal', id: mine.id },
        { __typename: 'Proposal', id: demo },
      ];
      // _entities needs the federation scope (the router's); ownership is still the forwarded caller's.
      const viaRouter = (caller: RunOptions): RunOptions => ({ ...caller, scopes: ['federation'] });
      expect((await h.run(query, { reps }, viaRouter(BOB))).data).toEqual({ _entities: [null, null] });
      expect((await h.run(query, { reps }, viaRouter(ALICE))).data).toEqual({ _entities: [{ id: mine.id }, null] });
      expect((await h.run(query, { reps }, ALICE)).errors?.map((error) => error.extensions?.['code'])).toEqual(['INSUFFICIENT_SCOPE']);
      expect((await h.calls()).total).toBe(0);
    });
  });

  describe('ledger reads on the hot path', () => {
    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('asks the ledger for an owner record once per process: later requests of any caller answer from what was read', async () => {
      const mine = await create(ALICE);
      const asked = jest.spyOn(h.ledger.ledger, 'proposalsByIds');
      const query = `query($id: ID!) { proposal(id: $id) { id number operationCode } }`;
      const expected = { proposal: { id: mine.id, number: mine.number, operationCode: mine.operationCode } };
      expect((await h.run(query, { id: mine.id }, ALICE)).data).toEqual(expected);
      expect((await h.run(query, { id: mine.id }, ALICE)).data).toEqual(expected);
      expect((await h.run(query, { id: mine.id }, BOB)).data).toEqual({ proposal: null });
      // An operator sees the code as the partner holds it: Alice's, under her namespace tag.
      const asPartnerHolds = { proposal: { ...expected.proposal, operationCode: expect.stringMatching(new RegExp(`^[0-9a-f]{16}-${mine.operationCode}$`)) } };
      expect((await h.run(query, { id: mine.id }, BACK_OFFICE)).data).toEqual(asPartnerHolds);
      // The first read asked the ledger; nothing after it did, whoever asked.
      expect(asked.mock.calls.map(([ids]) => [...ids])).toEqual([[mine.id]]);
    });

    it('asks again when the ledger had no record, so a proposal recorded a moment later (another replica, a settled write) is seen at once', async () => {
      const { id } = h.demo('approved');
      const asked = jest.spyOn(h.ledger.ledger, 'proposalsByIds');
      const query = `query($id: ID!) { proposal(id: $id) { id operationCode } }`;
      expect((await h.run(query, { id }, ALICE)).data).toEqual({ proposal: null });
      // Recorded for alice as another replica would record it: begin, then finish with the created proposal.
      const ledger = h.ledger.ledger;
      const claim = await ledger.begin({
        callerId: 'alice',
        idempotencyKey: randomUUID(),
        operation: 'IncluirManual',
        requestHash: 'h',
        upstreamKey: randomUUID(),
      });
      if (claim.kind !== 'send') {
        throw new Error(`unexpected claim ${claim.kind}`);
      }
      await ledger.finish(claim.record.id, claim.lease, {
        state: 'succeeded',
        outcome: {},
        proposalId: id,
        createdProposal: { number: null, operationCode: 'LATER-1' },
      });
      expect((await h.run(query, { id }, ALICE)).data).toEqual({ proposal: { id, operationCode: 'LATER-1' } });
      expect((await h.run(query, { id }, BOB)).data).toEqual({ proposal: null });
      expect(asked.mock.calls.map(([ids]) => [...ids])).toEqual([[id], [id]]);
    });

    it('does not ask the ledger for a caller with proposals.all unless the selection needs a ledger field', async () => {
      const mine = await create(ALICE, `ALL-${randomUUID()}`);
      const { id: demo } = h.demo('disbursed');
      const asked = jest.spyOn(h.ledger.ledger, 'proposalsByIds');
      await h.resetCalls();
      const installments = `query($id: ID!) { proposal(id: $id) { id installments { number } } }`;
      const seen = await h.run<Any>(installments, { id: demo }, BACK_OFFICE);
      expect(seen.data.proposal.installments.length).toBeGreaterThan(0);
      expect(asked).not.toHaveBeenCalled();
      expect((await h.calls()).operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
      // The number comes with the installments and the agenda: no ledger either.
      const dashboard = `query($id: ID!) { proposal(id: $id) { id number installments { number } agenda { installments { number } } } }`;
      const numbered = await h.run<Any>(dashboard, { id: mine.id }, BACK_OFFICE);
      expect(numbered.data.proposal).toMatchObject({ id: mine.id, number: mine.number });
      expect(asked).not.toHaveBeenCalled();
      // Alone, the number is the ledger's (no partner read for a proposal on record).
      await h.resetCalls();
      expect((await h.run(`query($id: ID!) { proposal(id: $id) { number } }`, { id: mine.id }, BACK_OFFICE)).data).toEqual({
        proposal: { number: mine.number },
      });
      expect((await h.calls()).total).toBe(0);
      // operationCode is the ledger's: answered from the record read just now, with no partner read.
      const code = `query($id: ID!) { proposal(id: $id) { id operationCode } }`;
      await h.resetCalls();
      expect((await h.run(code, { id: mine.id }, BACK_OFFICE)).data).toEqual({
        proposal: { id: mine.id, operationCode: expect.stringMatching(new RegExp(`^[0-9a-f]{16}-${mine.operationCode}$`)) },
      });
      expect((await h.calls()).total).toBe(0);
      // A proposal no graph caller created, selection needing no read: the ledger is asked, then the partner confirms it exists.
      expect((await h.run(code, { id: demo }, BACK_OFFICE)).data).toEqual({ proposal: { id: demo, operationCode: null } });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
      expect(asked.mock.calls.map(([ids]) => [...ids])).toEqual([[mine.id], [demo]]);
    });
  });

  describe('read-back', () => {
    it('reads documents back as metadata only (type, name, size, SHA-256, when, who), the latest of each type, and keeps no file in the ledger', async () => {
      const { id } = await create(ALICE);
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 2 });
      const attach = `mutation($key: String!, $input: AttachDocumentInput!) { attachDocument(idempotencyKey: $key, input: $input) { document { typeCode sizeBytes sha256 } userErrors { code } } }`;
      const first = Buffer.from('front of the CPF card');
      const second = Buffer.from('front and back of the CPF card');
      const proof = Buffer.from('proof of address');
      for (const [typeCode, fileName, content] of [
        [5, 'cpf.pdf', first],
        [5, 'cpf-both.pdf', second],
        [6, 'address.png', proof],
      ] as const) {
        const done = await h.run<Any>(
          attach,
          {
            key: randomUUID(),
            input: { proposalId: id, documentTypeCode: typeCode, fileName, extension: fileName.split('.')[1], contentBase64: content.toString('base64') },
          },
          ALICE,
        );
        expect(done.data.attachDocument.userErrors).toEqual([]);
        expect(done.data.attachDocument.document).toEqual({ typeCode, sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') });
      }
      await h.resetCalls();
      const back = await h.run<Any>(
        `query($id: ID!) { proposal(id: $id) { documents { id typeCode fileName extension sizeBytes sha256 attachedAt attachedBy } } }`,
        { id },
        ALICE,
      );
      expect(back.errors).toBeUndefined();
      expect(back.data.proposal.documents).toEqual([
        {
          id: expect.any(String),
          typeCode: 5,
          fileName: 'cpf-both.pdf',
          extension: 'pdf',
          sizeBytes: second.length,
          sha256: createHash('sha256').update(second).digest('hex'),
          attachedAt: expect.any(String),
          attachedBy: 'alice',
        },
        {
          id: expect.any(String),
          typeCode: 6,
          fileName: 'address.png',
          extension: 'png',
          sizeBytes: proof.length,
          sha256: createHash('sha256').update(proof).digest('hex'),
          attachedAt: expect.any(String),
          attachedBy: 'alice',
        },
      ]);
      expect((await h.calls()).total).toBe(0);
      // The partner echoes the file in its answer; the ledger keeps neither it nor any base64 of it.
      const stored = JSON.stringify((await h.ledger.ledger.operationsOf([id])).get(id));
      for (const content of [first, second, proof]) {
        expect(stored.includes(content.toString('base64'))).toBe(false);
      }
    });

    it("shows the write history with each write's state, and the idempotency key only to the caller that used it", async () => {
      const { id } = await create(ALICE);
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 2 });
      const refused = await h.run<Any>(
        `mutation($id: ID!) { inviteSigners(idempotencyKey: "alice-empty-invite", input: { proposalId: $id, signers: [{ name: "Ana", email: "ana@example.com", document: "52998224725", mobilePhone: "11987654321" }] }) { userErrors { code } } }`,
        { id },
        ALICE,
      );
      expect(refused.data.inviteSigners.userErrors).toEqual([]);
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 3 });
      const rejected = await h.run<Any>(
        `mutation($id: ID!) { inviteSigners(idempotencyKey: "alice-late-invite", input: { proposalId: $id, signers: [{ name: "Bia", email: "bia@example.com", document: "39053344705", mobilePhone: "11987654321" }] }) { userErrors { code } } }`,
        { id },
        ALICE,
      );
      expect(rejected.data.inviteSigners.userErrors).toEqual([{ code: 'WRONG_SITUATION' }]);
      await h.resetCalls();
      const query = `query($id: ID!) { proposal(id: $id) { operations { operation state callerId attempts idempotencyKey requestedAt finishedAt } signers { document status } } }`;
      const own = await h.run<Any>(query, { id }, ALICE);
      expect(own.data.proposal.operations.map((o: Any) => [o.operation, o.state, o.callerId, o.attempts, o.idempotencyKey])).toEqual([
        ['IncluirManual', 'SUCCEEDED', 'alice', 1, expect.any(String)],
        ['IncluirAssinaturaCCB', 'SUCCEEDED', 'alice', 1, 'alice-empty-invite'],
        ['IncluirAssinaturaCCB', 'REJECTED', 'alice', 1, 'alice-late-invite'],
      ]);
      // A rejected invitation registered nobody.
      expect(own.data.proposal.signers).toEqual([{ document: '52998224725', status: 'INVITED' }]);
      const office = await h.run<Any>(query, { id }, BACK_OFFICE);
      expect(office.data.proposal.operations.map((o: Any) => o.idempotencyKey)).toEqual([null, null, null]);
      expect((await h.calls()).total).toBe(0);
    });

    it('refines an invited signer to SIGNED from the situation the same query reads anyway, and makes no read for it otherwise', async () => {
      const { id } = await create(ALICE);
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 2 });
      const invited = await h.run<Any>(
        `mutation($id: ID!) { inviteSigners(idempotencyKey: "refine-invite", input: { proposalId: $id, signers: [{ name: "Ana", email: "ana@example.com", document: "529.982.247-25", mobilePhone: "11987654321", signingDeadline: "2026-12-31T00:00:00Z" }] }) { userErrors { code } } }`,
        { id },
        ALICE,
      );
      expect(invited.data.inviteSigners.userErrors).toEqual([]);
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 6 });
      await h.resetCalls();
      const ledgerOnly = await h.run<Any>(`query($id: ID!) { proposal(id: $id) { signers { status signedAt signingDeadline } } }`, { id }, ALICE);
      expect(ledgerOnly.data.proposal.signers).toEqual([{ status: 'INVITED', signedAt: null, signingDeadline: '2026-12-31T00:00:00.000Z' }]);
      expect((await h.calls()).total).toBe(0);
      const withSituation = await h.run<Any>(`query($id: ID!) { proposal(id: $id) { situation signers { status signedAt } } }`, { id }, ALICE);
      expect(withSituation.data.proposal).toEqual({ situation: 'FINALIZED', signers: [{ status: 'SIGNED', signedAt: null }] });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });
  });

  describe('viewer', () => {
    const VIEWER = `query($first: Int!, $after: String, $situation: ProposalSituation) {
      creditViewer { callerId scopes proposals(first: $first, after: $after, situation: $situation) { edges { cursor node { id situation } } pageInfo { hasNextPage endCursor } } }
    }`;

    it('answers the caller and its scopes', async () => {
      expect((await h.run(`{ creditViewer { callerId scopes } }`, {}, { callerId: 'carol', scopes: ['registry.read', 'proposals.all'] })).data).toEqual({
        creditViewer: { callerId: 'carol', scopes: ['proposals.all', 'registry.read'] },
      });
    });

    it('lists, with proposals.all, the proposals of every caller, newest first', async () => {
      const a = await create(ALICE);
      const b = await create(BOB);
      await h.resetCalls();
      const all = await h.run<Any>(`{ creditViewer { proposals(first: 2) { edges { node { id } } } } }`, {}, BACK_OFFICE);
      expect(all.data.creditViewer.proposals.edges.map((e: Any) => e.node.id)).toEqual([b.id, a.id]);
      expect((await h.calls()).total).toBe(0);
    });

    it('reads the live fields of each node lazily: one ConsultaProposta per node when situation is selected', async () => {
      const caller: RunOptions = { callerId: `dave-${randomUUID()}`, scopes: [] };
      const ids = [(await create(caller)).id, (await create(caller)).id];
      await h.resetCalls();
      const page = await h.run<Any>(VIEWER, { first: 10 }, caller);
      expect(page.data.creditViewer.proposals.edges.map((e: Any) => e.node)).toEqual([
        { id: ids[1], situation: 'UNDER_REVIEW' },
        { id: ids[0], situation: 'UNDER_REVIEW' },
      ]);
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
    });

    it('filters by live situation, reading each examined proposal once, and continues the scan from endCursor', async () => {
      const caller: RunOptions = { callerId: `erin-${randomUUID()}`, scopes: [] };
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        ids.push((await create(caller)).id);
      }
      // Newest first: ids[3], ids[2], ids[1], ids[0]; approve ids[3] and ids[1].
      await h.admin('POST', `/_sandbox/proposals/${ids[3]}/situacao`, { situacao: 2 });
      await h.admin('POST', `/_sandbox/proposals/${ids[1]}/situacao`, { situacao: 2 });
      await h.resetCalls();
      const first = await h.run<Any>(VIEWER, { first: 1, situation: 'APPROVED' }, caller);
      expect(first.errors).toBeUndefined();
      expect(first.data.creditViewer.proposals.edges.map((e: Any) => e.node)).toEqual([{ id: ids[3], situation: 'APPROVED' }]);
      expect(first.data.creditViewer.proposals.pageInfo.hasNextPage).toBe(true);
      // The node's situation is the read the filter made: one call.
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
      await h.resetCalls();
      const rest = await h.run<Any>(VIEWER, { first: 5, after: first.data.creditViewer.proposals.pageInfo.endCursor, situation: 'APPROVED' }, caller);
      expect(rest.data.creditViewer.proposals.edges.map((e: Any) => e.node.id)).toEqual([ids[1]]);
      // ids[0] did not match: the cursor points past the last edge, and nothing follows.
      expect(rest.data.creditViewer.proposals.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
      expect(rest.data.creditViewer.proposals.pageInfo.endCursor).not.toBe(rest.data.creditViewer.proposals.edges[0].cursor);
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 3 });
    });

    const RELAY = `query($first: Int!, $after: String, $orderBy: ProposalOrder, $situation: ProposalSituation) {
      creditViewer { proposals(first: $first, after: $after, orderBy: $orderBy, situation: $situation) {
        totalCount edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      } }
    }`;

    it('pages oldest first with orderBy ASC, with totalCount counted by the ledger, nodes beside edges and a complete pageInfo, at no partner call', async () => {
      const caller: RunOptions = { callerId: `fay-${randomUUID()}`, scopes: [] };
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        ids.push((await create(caller)).id);
      }
      await h.resetCalls();
      const orderBy = { field: 'CREATED_AT', direction: 'ASC' };
      const first = await h.run<Any>(RELAY, { first: 2, orderBy }, caller);
      expect(first.errors).toBeUndefined();
      const page1 = first.data.creditViewer.proposals;
      expect(page1.totalCount).toBe(3);
      expect(page1.edges.map((e: Any) => e.node.id)).toEqual([ids[0], ids[1]]);
      expect(page1.nodes).toEqual([{ id: ids[0] }, { id: ids[1] }]);
      expect(page1.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: page1.edges[0].cursor, endCursor: page1.edges[1].cursor });
      const second = await h.run<Any>(RELAY, { first: 2, orderBy, after: page1.pageInfo.endCursor }, caller);
      const page2 = second.data.creditViewer.proposals;
      expect(page2.nodes).toEqual([{ id: ids[2] }]);
      expect(page2.totalCount).toBe(3);
      expect(page2.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true, startCursor: page2.edges[0].cursor, endCursor: page2.edges[0].cursor });
      // Newest first (the default) is the same list the other way round.
      const newest = await h.run<Any>(RELAY, { first: 3 }, caller);
      expect(newest.data.creditViewer.proposals.nodes).toEqual([{ id: ids[2] }, { id: ids[1] }, { id: ids[0] }]);
      expect((await h.calls()).total).toBe(0);
    });

    it("counts every caller's proposals with proposals.all, and answers totalCount null under a situation filter", async () => {
      const caller: RunOptions = { callerId: `gil-${randomUUID()}`, scopes: [] };
      await create(caller);
      const mine = await h.run<Any>(RELAY, { first: 1 }, caller);
      const all = await h.run<Any>(RELAY, { first: 1 }, BACK_OFFICE);
      expect(mine.data.creditViewer.proposals.totalCount).toBe(1);
      expect(all.data.creditViewer.proposals.totalCount).toBeGreaterThan(1);
      expect(all.data.creditViewer.proposals.totalCount).toBe(await h.ledger.ledger.countProposals(null));
      const filtered = await h.run<Any>(RELAY, { first: 1, situation: 'UNDER_REVIEW' }, caller);
      expect(filtered.data.creditViewer.proposals.totalCount).toBeNull();
    });

    it('reads a node selected under both edges and nodes once', async () => {
      const caller: RunOptions = { callerId: `hal-${randomUUID()}`, scopes: [] };
      const id = (await create(caller)).id;
      await h.resetCalls();
      const page = await h.run<Any>(`{ creditViewer { proposals(first: 5) { edges { node { id situation } } nodes { id situation } } } }`, {}, caller);
      expect(page.data.creditViewer.proposals).toEqual({ edges: [{ node: { id, situation: 'UNDER_REVIEW' } }], nodes: [{ id, situation: 'UNDER_REVIEW' }] });
      expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });

    it('refuses a cursor issued in another order with BAD_USER_INPUT before any read', async () => {
      const caller: RunOptions = { callerId: `ivy-${randomUUID()}`, scopes: [] };
      await create(caller);
      await create(caller);
      const newest = await h.run<Any>(RELAY, { first: 1 }, caller);
      await h.resetCalls();
      const mixed = await h.run<Any>(RELAY, { first: 1, after: newest.data.creditViewer.proposals.pageInfo.endCursor, orderBy: { direction: 'ASC' } }, caller);
      expect(mixed.errors?.map((e) => e.extensions?.['code'])).toEqual(['BAD_USER_INPUT']);
      expect(mixed.errors?.[0]?.extensions?.['userErrors']).toEqual([expect.objectContaining({ code: 'INVALID_INPUT', field: ['after'] })]);
      expect((await h.calls()).total).toBe(0);
    });

    it('answers an empty page for a caller with no proposals, and refuses first below 1 before any read', async () => {
      const empty = await h.run<Any>(VIEWER, { first: 5 }, { callerId: `nobody-${randomUUID()}`, scopes: [] });
      expect(empty.data.creditViewer.proposals).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
      const zero = await h.run<Any>(VIEWER, { first: 0 }, ALICE);
      expect(zero.errors?.map((e) => e.extensions?.['code'])).toEqual(['BAD_USER_INPUT']);
      expect((await h.calls()).total).toBe(0);
    });
  });
});
