import { type ReactNode, useEffect, useState } from 'react';
import { authorization, setAuthorization } from './auth';
import { ProposalDetail } from './proposal-detail';
import { ProposalList } from './proposal-list';

/** The page the hash names: `#/` the list, `#/proposals/<id>` a proposal. */
function useRoute(): { page: 'list' } | { page: 'proposal'; id: string } {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const onChange = (): void => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  const match = /^#\/proposals\/([^/?#]+)/.exec(hash);
  return match?.[1] ? { page: 'proposal', id: decodeURIComponent(match[1]) } : { page: 'list' };
}

function OpenById(): ReactNode {
  const [id, setId] = useState('');
  return (
    <form
      className="open"
      onSubmit={(event) => {
        event.preventDefault();
        window.location.hash = `#/proposals/${encodeURIComponent(id.trim())}`;
      }}
    >
      <input name="openId" placeholder="Open a proposal by id" value={id} onChange={(event) => setId(event.target.value)} />
      <button type="submit">Open</button>
    </form>
  );
}

function Credential(): ReactNode {
  const [value, setValue] = useState(authorization() ?? '');
  return (
    <form
      className="open"
      onSubmit={(event) => {
        event.preventDefault();
        setAuthorization(value);
        window.location.reload();
      }}
    >
      <input
        name="authorization"
        type="password"
        placeholder="Authorization (Bearer …), none in development"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit">Use</button>
    </form>
  );
}

/** The back office: a header, then the page the hash names. */
export function App(): ReactNode {
  const route = useRoute();
  return (
    <>
      <header>
        <h1>
          <a href="#/">Credit back office</a>
        </h1>
        <OpenById />
        <Credential />
      </header>
      <main>{route.page === 'proposal' ? <ProposalDetail key={route.id} id={route.id} /> : <ProposalList />}</main>
    </>
  );
}
