import { useGateway } from '../../test/gateway';

const gw = useGateway();

describe('the Apollo Sandbox', () => {
  it('should open with example operations and the way to set the Bearer header', async () => {
    const res = await gw.agent().get('/graphql').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The initial state is embedded in the page (JSON-encoded).
    expect(res.text).toContain('Authorization: Bearer flr_');
    expect(res.text).toContain('query Annonces');
    expect(res.text).toContain('/developers');
  });
});
