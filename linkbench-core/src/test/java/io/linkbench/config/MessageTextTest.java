package io.linkbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MessageTextTest {
    @Test
    void shortValuesAreKeptAndLongOnesCut() {
        assertEquals("x".repeat(80), MessageText.value("x".repeat(80)));
        assertEquals("x".repeat(60) + "… (81 chars)", MessageText.value("x".repeat(81)));
    }

    @Test
    void passwordsInUrlOptionsAreHidden() {
        assertEquals("jdbc_url_options=useSSL=false&password=***&x=1: bad",
                MessageText.line("jdbc_url_options=useSSL=false&password=s3cret&x=1: bad"));
        assertEquals("mysql_password = ***, api_key=***, token:***",
                MessageText.line("mysql_password = s3cret, api_key=abc, token:xyz"));
    }

    @Test
    void userPasswordInAUrlIsHidden() {
        assertEquals("url=mongodb://bench:***@db:27017/x: cannot connect",
                MessageText.line("url=mongodb://bench:s3cret@db:27017/x: cannot connect"));
    }

    @Test
    void userPasswordWithoutASchemeIsHiddenInValuesAndMessages() {
        assertEquals("lb:***@127.0.0.1:3399", MessageText.redactValue("lb:Hunter2xyz@127.0.0.1:3399"));
        assertEquals("db1:3306,lb:***@127.0.0.1:3399", MessageText.redactValue("db1:3306,lb:Hunter2xyz@127.0.0.1:3399"));
        assertEquals("lb:***@/run/mysqld/mysqld.sock", MessageText.redactValue("lb:Hunter2xyz@/run/mysqld/mysqld.sock"));
        assertEquals("lb:***@db1:3306", MessageText.redactValue("lb:Hun@ter/2xyz@db1:3306"));
        assertEquals(":***@db1:3306", MessageText.redactValue(":Hunter2xyz@db1:3306"));
        assertEquals("hosts: 'lb:***@127.0.0.1:3399' is not host:port",
                MessageText.line("hosts: 'lb:Hunter2xyz@127.0.0.1:3399' is not host:port"));
        assertEquals("host=lb:***@127.0.0.1: must be a host name", MessageText.line("host=lb:Hunter2xyz@127.0.0.1: must be a host name"));
        assertEquals("jdbc:mysql://lb:***@db1:3306/x", MessageText.line("jdbc:mysql://lb:pw@db1:3306/x"));
        assertEquals("db1:3306, [::1]:5432, at 10:30 mail lb@example.org",
                MessageText.line("db1:3306, [::1]:5432, at 10:30 mail lb@example.org"));
    }

    @Test
    void secretsInsideAConfigurationValueAreHiddenWhateverTheirCharacters() {
        assertEquals("ssl=true&password=***&sslpassword=***&x=1",
                MessageText.redactValue("ssl=true&password=a;b,c'd&sslpassword=e:f&x=1"));
        assertEquals("token=***&apikey=***&api_key=***&client_secret=***&PWD=***",
                MessageText.redactValue("token=t1&apikey=k1&api_key=k2&client_secret=s1&PWD=p1"));
        assertEquals("mongodb://bench:***@h1,h2/db?authSource=admin",
                MessageText.redactValue("mongodb://bench:s3;c@h1,h2/db?authSource=admin"));
        assertEquals("sessionVariables=innodb_lock_wait_timeout=1&password_file=/etc/lb/pw&defaultAuthenticationPlugin=caching_sha2_password",
                MessageText.redactValue("sessionVariables=innodb_lock_wait_timeout=1&password_file=/etc/lb/pw"
                        + "&defaultAuthenticationPlugin=caching_sha2_password"));
    }

    @Test
    void redactedSettingsHideSecretsInsideValuesOfAnyKey() {
        Settings s = new Settings(java.util.Map.of("jdbc_url_options", "ssl=true&password=s3cret", "maxid1", "10"));
        assertEquals(java.util.Map.of("jdbc_url_options", "ssl=true&password=***", "maxid1", "10"), s.redacted(java.util.List.of()));
    }

    @Test
    void proseAndFileNamesAreLeftAlone() {
        String prose = "password: must be given with password_file=/etc/lb/pw or the environment";
        assertEquals(prose, MessageText.line(prose));
    }

    @Test
    void aLongLineIsCutWithItsLength() {
        String line = MessageText.line("a ".repeat(5000));
        assertTrue(line.length() < 1000, line);
        assertTrue(line.endsWith("… (10000 chars)"), line);
    }

    @Test
    void secretKeysAreWhatResultsLeaveOut() {
        assertTrue(MessageText.looksSecret("password_file"));
        assertTrue(MessageText.looksSecret("MYSQL_PASSWORD"));
        assertFalse(MessageText.looksSecret("maxid1"));
    }

    @Test
    void controlCharactersAreWrittenAsEscapesSoAMessageStaysOneLine() {
        assertEquals("a\\nb\\r\\tc\\e[31md\\u0007\\u2028", MessageText.printable("a\nb\r\tc\u001b[31md\u0007\u2028"));
        assertEquals("plain | text", MessageText.printable("plain | text"));
        assertEquals("maxid1=12\\n34: must be an integer", MessageText.line("maxid1=12\n34: must be an integer"));
        assertEquals(-1, MessageText.controlCharacter("a\tb", false));
        assertEquals(1, MessageText.controlCharacter("a\tb", true));
        assertEquals("a terminal escape (ESC) at character 2", MessageText.describeControl("x\u001b", 1));
    }
}
