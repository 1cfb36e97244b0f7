import { LISTING_MSG } from '@flaneur/schema';
import { signedInUser } from '../../../test/factories';
import { useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

const gw = useGateway();
// 732 829 320 passes the Luhn check; 732 829 321 does not.
const SIREN = '732829320';

describe('professional accounts', () => {
  it('should store the agency name, SIREN and professional card through PATCH /api/users/:id', async () => {
    const { agent, user } = await signedInUser(gw);
    const res = await agent.patch(`/api/users/${user.id}`).send({
      agencyName: 'Agence du Marais',
      siren: '732 829 320',
      professionalCard: 'cpi 7501 2024 000 000 123',
      address: '3 rue des Archives',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      agencyName: 'Agence du Marais',
      siren: SIREN,
      professionalCard: 'CPI 7501 2024 000 000 123',
      address: '3 rue des Archives',
    });
    // Public on the profile, as the law asks them shown.
    const pub = await gql(
      gw.agent(),
      `query ($u: String!) { user(username: $u) { agencyName siren professionalCard } }`,
      {
        u: user.username,
      },
    );
    expect(pub.data!.user).toEqual({
      agencyName: 'Agence du Marais',
      siren: SIREN,
      professionalCard: 'CPI 7501 2024 000 000 123',
    });
  });

  it('should refuse a SIREN without its check digit and a malformed card, in French (REST 400 and GraphQL)', async () => {
    const { agent, user } = await signedInUser(gw);
    const bad = await agent.patch(`/api/users/${user.id}`).send({ siren: '732829321' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(LISTING_MSG.sirenInvalid);
    const short = await agent.patch(`/api/users/${user.id}`).send({ siren: '12345' });
    expect(short.status).toBe(400);
    const UPDATE = 'mutation ($i: ProfileInput!) { updateProfile(input: $i) { siren professionalCard agencyName } }';
    const card = await gql(agent, UPDATE, { i: { professionalCard: 'T-123' } });
    expect(card.errors![0]).toMatchObject({
      message: LISTING_MSG.professionalCardInvalid,
      extensions: { code: 'BAD_USER_INPUT', fields: { professionalCard: LISTING_MSG.professionalCardInvalid } },
    });
    const ok = await gql(agent, UPDATE, { i: { siren: SIREN, agencyName: 'Agence Bastille' } });
    expect(ok.data!.updateProfile).toEqual({ siren: SIREN, professionalCard: null, agencyName: 'Agence Bastille' });
    // Empty clears.
    const cleared = await gql(agent, UPDATE, { i: { siren: '', agencyName: '' } });
    expect(cleared.data!.updateProfile).toEqual({ siren: null, professionalCard: null, agencyName: null });
  });
});
