import { gql } from '../../test/graphql';
import { useGateway } from '../../test/gateway';

const gw = useGateway();

/** Every type with its fields, their arguments and the input fields, with their descriptions. */
const DESCRIPTIONS = `{
  __schema {
    types {
      name
      fields { name args { name description } }
      inputFields { name description }
    }
  }
}`;

interface IntrospectedType {
  name: string;
  fields: { name: string; args: { name: string; description: string | null }[] }[] | null;
  inputFields: { name: string; description: string | null }[] | null;
}

describe('the schema as integrators read it', () => {
  it('should describe every argument and every input field', async () => {
    const res = await gql<{ __schema: { types: IntrospectedType[] } }>(gw.agent(), DESCRIPTIONS);
    expect(res.errors).toBeUndefined();
    const undescribed = res
      .data!.__schema.types.filter((type) => !type.name.startsWith('__'))
      .flatMap((type) => [
        ...(type.fields ?? []).flatMap((field) =>
          field.args.filter((arg) => !arg.description?.trim()).map((arg) => `${type.name}.${field.name}(${arg.name})`),
        ),
        ...(type.inputFields ?? []).filter((f) => !f.description?.trim()).map((f) => `${type.name}.${f.name}`),
      ]);
    expect(undescribed).toEqual([]);
  });
});
