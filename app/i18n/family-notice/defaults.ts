import type { NoticeLang, NoticeWording } from "#app/domain/family-notice";

// Our default wording of the family notice letter (issue 38 item 4), in each language, for a
// district that has not written its own. It says what was screened, what a flag means and does
// not mean (not a diagnosis, as California's Ed Code §53008 asks families be told), what the
// school does next and whom to ask, and states no figure, deadline or fact we do not have: no
// percentile, no number of days, no named test. The district can change every word
// (/district/{id}/notice-letter); a fill-in it does not use is simply left out.

export const DEFAULT_NOTICE_WORDING: Record<NoticeLang, NoticeWording> = {
  en: {
    title: "Reading screening: a letter for the family of {student}",
    body: `{school}
{date}

Dear family of {student},

This school year, {student} ({grade}) took part in the school's early reading screening. The screening is a short set of reading activities, such as naming letters, matching sounds and understanding words. It is a quick check that helps teachers see early which children may need more support with reading.

{student}'s results show a flag: some of the skills that help children learn to read may need more support. A flag is not a diagnosis. It does not mean that {student} has dyslexia or another learning disability, and it says nothing about how bright {student} is. Children grow at different speeds, and a screening result can change.

What the school will do next: {student}'s teacher will follow {student}'s reading closely and may give extra practice at school. The school will tell you about any further step, and you are welcome to ask about it.

If you have questions, or would like to talk about the results, please contact {contact}.

Thank you for helping {student} grow as a reader.`,
  },
  es: {
    title: "Evaluación de lectura: una carta para la familia de {student}",
    body: `{school}
{date}

Estimada familia de {student}:

Este año escolar, {student} ({grade}) participó en la evaluación de lectura temprana de la escuela. La evaluación es una serie corta de actividades de lectura, como nombrar letras, reconocer sonidos y entender palabras. Es una revisión rápida que ayuda a los maestros a ver a tiempo qué niños podrían necesitar más apoyo con la lectura.

Los resultados de {student} muestran una alerta: algunas de las habilidades que ayudan a los niños a aprender a leer podrían necesitar más apoyo. Una alerta no es un diagnóstico. No significa que {student} tenga dislexia u otra dificultad de aprendizaje, y no dice nada sobre lo inteligente que es. Cada niño avanza a su propio ritmo, y el resultado de una evaluación puede cambiar.

Lo que hará la escuela: el maestro o la maestra de {student} seguirá de cerca su lectura y podrá darle práctica adicional en la escuela. La escuela le informará de cualquier paso siguiente, y usted puede preguntar por él cuando quiera.

Si tiene preguntas o desea hablar sobre los resultados, comuníquese con {contact}.

Gracias por ayudar a {student} a crecer en la lectura.`,
  },
};

/** {contact} when the district has entered no contact: the people every family already has. */
export const DEFAULT_NOTICE_CONTACT: Record<NoticeLang, string> = {
  en: "your child's teacher or the school office",
  es: "el maestro o la maestra de su hijo o hija, o la oficina de la escuela",
};

/** The preview's made-up student, in each language (a district may preview with a real one instead). */
export const SAMPLE_NOTICE_STUDENT = { name: "Sam Sample", grade: "1", school: "Sample Elementary School" } as const;
