import { detectMessageSignals as detect } from './message-signals';

describe('message signals', () => {
  it('should flag money asked before a visit', () => {
    expect(detect('Merci de faire un virement de 800 € avant la visite pour réserver.')).toContain(
      'argent_avant_visite',
    );
    expect(detect('Comptez 500 € avant la visite.')).toEqual(['argent_avant_visite']);
    expect(detect('Le dépôt de garantie sera versé à la signature du bail.')).toEqual([]);
  });
  it('should flag a transfer abroad', () => {
    expect(detect('Je vis au Royaume-Uni, faites le virement sur mon compte à l’étranger.')).toContain(
      'virement_etranger',
    );
  });
  it('should flag payment coupons', () => {
    for (const m of ['Payez avec un coupon PCS', 'par mandat cash', 'via Western Union', 'en Transcash'])
      expect(detect(m)).toContain('coupon_paiement');
  });
  it('should flag moving the talk elsewhere, not a phone number given for the visit', () => {
    expect(detect('Contactez-moi sur WhatsApp')).toContain('autre_canal');
    expect(detect('Écrivez-moi directement à jean.dupont@gmail.com')).toContain('autre_canal');
    expect(detect('Appelez-moi plutôt au 06 12 34 56 78')).toContain('autre_canal');
    expect(detect('Rendez-vous samedi à 10 h devant la porte, digicode 1234.')).toEqual([]);
  });
  it('should flag documents asked before any visit', () => {
    expect(detect("Envoyez votre pièce d'identité et vos fiches de paie avant la visite.")).toContain(
      'documents_avant_visite',
    );
    expect(detect('Apportez vos justificatifs le jour de la signature.')).toEqual([]);
  });
});
