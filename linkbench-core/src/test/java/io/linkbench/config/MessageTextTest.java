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
}
