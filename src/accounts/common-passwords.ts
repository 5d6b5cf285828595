/**
 * Passwords that appear at the top of every leaked-password list. Django checks a list of
 * 20,000; this shorter one catches the passwords that account for most takeovers without
 * shipping a data file. Compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 secret 123123 1234567890 1234567 000000 qwerty
abc123 password1 iloveyou 11111111 dragon monkey 123321 654321 666666 121212 987654321 qwertyuiop 1q2w3e4r 1q2w3e4r5t
123qwe zxcvbnm asdfghjkl letmein welcome welcome1 admin admin123 administrator login passw0rd p@ssw0rd p@ssword
password123 password12 password1234 pass1234 qwerty12 qwerty1234 trustno1 sunshine princess football baseball
superman batman master shadow michael jennifer jordan23 harley hunter2 hunter ranger buster soccer hockey killer
george charlie andrew thomas jessica michelle daniel ashley nicole pepper ginger summer winter freedom whatever
starwars computer internet samsung google cheese chocolate butterfly flower purple orange banana cookie
1qaz2wsx zaq12wsx q1w2e3r4 q1w2e3r4t5 a1b2c3d4 aa123456 abcd1234 abcdef abcdefg abcdefgh 1234qwer qwer1234
asdf1234 asdfgh asdfghjk zxcvbn zxcvbnm1 88888888 87654321 12341234 11223344 112233 999999 55555555 7777777
changeme changeme123 default guest test test123 testing demo root toor user12345 mypassword mypass secret123
iloveyou1 loveme lovely love123 letmein1 welcome123 hello123 hello1 hellohello access access14 matrix mustang
maggie jordan liverpool arsenal chelsea yankees lakers dallas tigger snoopy pokemon naruto minecraft fortnite
blink182 metallica nirvana ferrari mercedes porsche corvette qazwsx qazwsxedc 1qazxsw2 123abc abc12345 password!
iamthebest ilovegod jesus jesus1 blessed angel angel1 baby babygirl sweety sweetheart lovelove qwerty!
picture1 senha senha123 azerty azerty123 motdepasse passwort hallo123 contraseña 123456a 123456q a123456
q123456 qq123456 zx123456 woaini 5201314 1314520 iloveu ilovey0u x4ivygA51F`
    .split(/\s+/)
    .filter(Boolean),
);
